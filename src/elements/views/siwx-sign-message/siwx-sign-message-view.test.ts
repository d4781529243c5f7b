/**
 * SIWXSignMessage in the real modal with the real test EIP-1193 wallet (real signatures) and a
 * real in-memory SIWXConfig that verifies them (src/test-utils/memory-siwx.ts); the legacy
 * siweConfig path with viem's SIWE helpers.
 */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { verifyMessage } from 'viem';
import { createTestWallet, type TestWallet } from '../../../../test/fixtures/eip1193-wallet.js';
import { legacySiweText } from '../../../test-utils/legacy-siwe-text.js';
import { createMemorySiwx } from '../../../test-utils/memory-siwx.js';
import { truncateAddress } from '../../../core/address.js';
import type { SIWEConfig } from '../../../core/siwx.js';
import { $activeAccount } from '../../../stores/connection/account.js';
import { $modal } from '../../../stores/ui/modal.js';
import { $router } from '../../../stores/ui/router.js';
import {
  axeViolations,
  activeDeep,
  deep,
  deepText,
  dialogOf,
  mountModal,
  resetAll,
  sleep,
  waitFor,
} from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

const ICON =
  'data:image/svg+xml;base64,' + btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>');
const metadata = { name: 'Example App', icons: [ICON] };
let wallet: TestWallet;

async function connect(el: W3Modal): Promise<void> {
  await el.modal.open({ view: 'Connect' });
  const view = await waitFor(() => deep(el, 'w3-connect-view'), 3000, 'connect view');
  const item = await waitFor(
    () => Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item')).find((i) => i.textContent!.trim() === 'SIWX Wallet'),
    3000,
    'the test wallet',
  );
  deep<HTMLElement>(item, 'button')!.click();
}

const signView = (el: W3Modal): Promise<HTMLElement> =>
  waitFor(
    () => $modal.get().open && $router.get().view === 'SIWXSignMessage' && deep<HTMLElement>(el, 'w3-siwx-sign-message-view'),
    4000,
    'SIWXSignMessage',
  );

const button = (view: HTMLElement, which: 'sign' | 'cancel'): HTMLButtonElement =>
  deep<HTMLButtonElement>(view, `w3-ui-button[data-${which}]`, 'button')!;

describe('<w3-siwx-sign-message-view>', () => {
  beforeEach(() => {
    resetAll();
    wallet = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: 'SIWX Wallet',
      rdns: 'dev.w3kit.siwx',
      accounts: 2,
      storageKey: false,
    } as never);
  });
  afterEach(async () => {
    $modal.setKey('closeBlocked', false);
    wallet.remove();
    resetAll();
  });

  it('opens after an injected connect with the app, statement and account; Sign closes it; a restore with the session asks nothing', async () => {
    const siwx = createMemorySiwx({ statement: 'Sign in to Example App' });
    const el = await mountModal({ siwx, metadata });
    const signedIn: CustomEvent[] = [];
    el.addEventListener('w3-siwx-sign-in', (e) => signedIn.push(e));
    await connect(el);
    const view = await signView(el);
    await waitFor(() => deepText(view).includes('Sign in to Example App'), 3000, 'the statement');
    expect(deepText(view)).to.contain('Example App');
    expect(deepText(view)).to.contain(truncateAddress(wallet.addresses[0]!));
    expect(view.shadowRoot!.querySelector('h2')?.textContent).to.equal('Example App');
    expect(view.shadowRoot!.querySelector('img')?.getAttribute('src')).to.equal(ICON);
    expect(deep(view, 'w3-ui-button[data-sign]')!.textContent!.trim()).to.equal('Sign');
    expect(deep(view, 'w3-ui-button[data-cancel]')!.textContent!.trim()).to.equal('Cancel');
    await waitFor(() => activeDeep() === button(view, 'sign'), 2000, 'focus on Sign');
    await waitFor(() => deepText(el).includes('Sign In'), 2000, 'the header title');
    expect(await axeViolations()).to.deep.equal([]);

    button(view, 'sign').click();
    await waitFor(() => !$modal.get().open, 4000, 'the modal closed');
    expect(siwx.sessions.size).to.equal(1);
    expect(signedIn.map((e) => e.detail)).to.deep.equal([
      { namespace: 'eip155', address: wallet.addresses[0], caipNetworkId: 'eip155:31337' },
    ]);
    expect((await el.modal.getSiwxSessions()).map((s) => s.data.accountAddress)).to.deep.equal([wallet.addresses[0]]);

    // A reload: the account comes back through the restore, the stored session is found.
    const { restoreConnection } = await import('../../../stores/connection/session.js');
    const { $accounts } = await import('../../../stores/connection/account.js');
    $accounts.set({});
    expect(await restoreConnection('eip155')).to.equal(true);
    await waitFor(() => siwx.calls.filter((c) => c.startsWith('getSessions')).length === 3, 3000, 'the check after the restore');
    await sleep(100);
    expect($modal.get().open).to.equal(false);

    // A reload after the session expired (gone from the store): the restore opens the modal on the sign-in.
    siwx.sessions.clear();
    $accounts.set({});
    expect(await restoreConnection('eip155')).to.equal(true);
    await signView(el);
  });

  it("a refusal shows 'Signature declined' and stays; Sign again signs a new message", async () => {
    const siwx = createMemorySiwx();
    const el = await mountModal({ siwx, metadata });
    await connect(el);
    const view = await signView(el);
    wallet.setMode('reject');
    button(view, 'sign').click();
    const alert = await waitFor(
      () =>
        view.shadowRoot!.querySelector('[role="alert"]')?.textContent?.trim() === 'Signature declined' &&
        view.shadowRoot!.querySelector('[role="alert"]'),
      3000,
      'the alert',
    );
    expect(alert).to.not.equal(null);
    expect($router.get().view).to.equal('SIWXSignMessage');
    expect(deepText(view)).to.contain('Example App wants you to sign in with your wallet');
    wallet.setMode('approve');
    button(view, 'sign').click();
    await waitFor(() => !$modal.get().open, 4000, 'the modal closed');
    expect(siwx.calls.filter((c) => c.startsWith('createMessage'))).to.have.length(2);
  });

  it("Sign says 'Signing…' (busy, aria-disabled) while the wallet is asked, and Cancel still works", async () => {
    const siwx = createMemorySiwx();
    const el = await mountModal({ siwx, metadata });
    await connect(el);
    const view = await signView(el);
    wallet.setMode('hang');
    button(view, 'sign').click();
    await waitFor(() => button(view, 'sign').getAttribute('aria-busy') === 'true', 3000, 'Sign busy');
    // The wait is said on the button itself, not only by a grey button.
    expect(button(view, 'sign').textContent!.trim()).to.equal('Signing…');
    expect(button(view, 'sign').getAttribute('aria-disabled')).to.equal('true');
    button(view, 'cancel').click();
    await waitFor(() => !$modal.get().open, 3000, 'the modal closed');
    expect($activeAccount.get().status).to.equal('connected');
    expect(siwx.sessions.size).to.equal(0);
  });

  it('required: Escape and the overlay shake and do not close; Cancel disconnects', async () => {
    const siwx = createMemorySiwx({ required: true });
    const el = await mountModal({ siwx, metadata });
    await connect(el);
    const view = await signView(el);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect($modal.get().open).to.equal(true);
    expect(dialogOf(el)!.classList.contains('shake')).to.equal(true);
    await sleep(560);
    el.shadowRoot!.querySelector<HTMLElement>('.overlay')!.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    await el.updateComplete;
    expect($modal.get().open).to.equal(true);
    expect($modal.get().shake).to.equal(true);
    button(view, 'cancel').click();
    await waitFor(() => !$modal.get().open, 4000, 'the modal closed');
    expect($activeAccount.get().status).to.equal('disconnected');
  });

  it('optional: Cancel closes and stays connected; another account asks again; disconnect revokes', async () => {
    const siwx = createMemorySiwx();
    const el = await mountModal({ siwx, metadata });
    const signedOut: CustomEvent[] = [];
    el.addEventListener('w3-siwx-sign-out', (e) => signedOut.push(e));
    await connect(el);
    let view = await signView(el);
    button(view, 'cancel').click();
    await waitFor(() => !$modal.get().open, 4000, 'the modal closed');
    expect($activeAccount.get().status).to.equal('connected');
    expect(siwx.sessions.size).to.equal(0);

    wallet.switchAccount(1);
    view = await signView(el);
    await waitFor(() => deepText(view).includes(truncateAddress(wallet.addresses[1]!)), 3000, 'the second account');
    button(view, 'sign').click();
    await waitFor(() => !$modal.get().open, 4000, 'signed in');
    await el.modal.disconnect();
    expect(siwx.calls.at(-1)).to.equal(`revokeSession eip155:31337 ${wallet.addresses[1]}`);
    expect(signedOut.map((e) => e.detail)).to.deep.equal([
      { namespace: 'eip155', address: wallet.addresses[1], caipNetworkId: 'eip155:31337' },
    ]);
  });

  it('the legacy siweConfig signs in through the same view', async () => {
    const log: string[] = [];
    let session: { address: string; chainId: number } | null = null;
    const siweConfig: SIWEConfig = {
      getNonce: async () => 'legacyNonce123',
      getMessageParams: async () => ({ statement: 'Legacy sign-in' }),
      createMessage: legacySiweText,
      verifyMessage: async ({ message, signature }) => {
        const ok = await verifyMessage({ address: wallet.addresses[0]!, message, signature: signature as `0x${string}` });
        if (ok) session = { address: wallet.addresses[0]!, chainId: 31337 };
        return ok;
      },
      getSession: async () => session,
      signOut: async () => ((session = null), true),
      onSignIn: (s) => log.push(`signed in ${s?.address}`),
      required: false,
    };
    const el = await mountModal({ siweConfig, metadata });
    await connect(el);
    const view = await signView(el);
    await waitFor(() => deepText(view).includes('Legacy sign-in'), 3000, 'the legacy statement');
    button(view, 'sign').click();
    await waitFor(() => !$modal.get().open, 4000, 'signed in');
    expect(log).to.deep.equal([`signed in ${wallet.addresses[0]}`]);
    expect((await el.modal.getSiwxSessions())[0]?.message).to.contain('Nonce: legacyNonce123');
  });
});
