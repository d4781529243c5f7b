/**
 * A reload with a stored connection: <w3-button> shows the stored account, restoring, from its
 * first frame (never 'Connect Wallet', never empty) and keeps its size when the wallet answers.
 * Every frame is sampled with requestAnimationFrame (what the frame paints: the button's state
 * and its box), whether the button is drawn before createW3Modal (a Next.js page, whose elements
 * upgrade before the modal's module runs) or after it (a Vite page). The wallet is the real
 * test wallet (EIP-6963, authorised before the "reload").
 */
import { expect } from 'chai';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { baseOptions, deep, nextFrame, resetAll, waitFor } from '../../../test/browser/helpers.js';
import { configure } from '../../configure.js';
import { patchAccount, resetAccount } from '../../stores/connection/account.js';
import { defineElements } from '../index.js';

const RDNS = 'dev.w3kit.restoring';

interface Frame {
  state: 'empty' | 'connect' | 'restoring' | 'account';
  text: string;
  width: number;
  height: number;
}

/** The state and box of a <w3-button> as this frame paints it. */
function frameOf(button: HTMLElement): Frame {
  const { width, height } = button.getBoundingClientRect();
  const account = deep<HTMLElement>(button, 'w3-account-button', 'button');
  const connect = deep<HTMLElement>(button, 'w3-connect-button', 'button');
  const inner = account ?? connect;
  const state = account ? (account.hasAttribute('data-restoring') ? 'restoring' : 'account') : connect ? 'connect' : 'empty';
  return { state, text: (inner?.textContent ?? '').replace(/\s+/g, ' ').trim(), width, height };
}

/** Samples `buttons` on every animation frame until stopped. */
function sampleFrames(buttons: HTMLElement[]): { frames: Frame[][]; stop: () => void } {
  const frames: Frame[][] = buttons.map(() => []);
  let running = true;
  const tick = (): void => {
    if (!running) return;
    buttons.forEach((b, i) => frames[i]!.push(frameOf(b)));
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return { frames, stop: () => (running = false) };
}

/** What the last visit stored after connecting `address` with the wallet `rdns`. */
function storeConnection(address: string, rdns = RDNS): void {
  const set = (key: string, value: unknown) => localStorage.setItem(`@w3kit/${key}`, JSON.stringify(value));
  set('connectedConnectorIds', { eip155: rdns });
  set('connections', { eip155: [{ connectorId: rdns, namespace: 'eip155', accounts: [{ address, type: 'eoa' }] }] });
  set('connectedNamespaces', ['eip155']);
  set('connectionStatus', 'connected');
  set('activeNamespace', 'eip155');
}

function button(attrs: Record<string, string> = {}): HTMLElement {
  const el = document.createElement('w3-button');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  return el;
}

describe('<w3-button> on a reload with a stored connection', () => {
  let wallet: TestWallet | undefined;

  beforeEach(async () => {
    resetAll();
    wallet = createTestWallet({
      rpcUrls: { 31337: 'http://127.0.0.1:9/' },
      chainId: 31337,
      name: 'Restoring Wallet',
      rdns: RDNS,
      storageKey: false,
    });
    // The wallet authorised this page on the last visit.
    await wallet.provider.request({ method: 'eth_requestAccounts' });
    storeConnection(wallet.addresses[0]!);
  });

  afterEach(() => {
    wallet?.remove();
    resetAll();
  });

  /** Asserts the restoring account from the first frame on, and a box that never changes (balance hidden). */
  function expectNoFlash(frames: Frame[], label: string): void {
    expect(frames.length, `${label}: frames sampled`).to.be.greaterThan(1);
    const states = frames.map((f) => f.state);
    expect(states[0], `${label}: the first frame`).to.equal('restoring');
    expect(states, `${label}: no frame without the account`).not.to.include.members(['connect', 'empty']);
    expect(states.at(-1), `${label}: restored at the end`).to.equal('account');
    expect(frames[0]!.text, `${label}: the stored account, 4…6`).to.equal('0xf3…b92266');
    const boxes = new Set(frames.map((f) => `${f.width}x${f.height}`));
    expect([...boxes], `${label}: one box from the first frame to the restored account`).to.have.length(1);
  }

  it('drawn after createW3Modal: restoring from the first frame, at the size of the restored account', async () => {
    configure(baseOptions());
    defineElements();
    const hidden = button({ balance: 'hide' });
    const shown = button();
    const { frames, stop } = sampleFrames([hidden, shown]);
    await waitFor(() => frameOf(hidden).state === 'account' && frameOf(shown).state === 'account', 5000, 'the restored account');
    await nextFrame();
    await nextFrame();
    stop();
    expectNoFlash(frames[0]!, 'balance hidden');
    const withBalance = frames[1]!;
    expect(withBalance[0]!.state).to.equal('restoring');
    // The balance still to come, as the restored account first shows it.
    expect(withBalance[0]!.text).to.equal('… ETH 0xf3…b92266');
    expect(withBalance.map((f) => f.state)).not.to.include.members(['connect', 'empty']);
    expect(new Set(withBalance.map((f) => f.height)).size, 'one height').to.equal(1);
    // Restored: a later connection in progress is 'Connecting...', not the stored account again.
    resetAccount('eip155');
    patchAccount('eip155', { status: 'connecting' });
    await waitFor(() => frameOf(shown).state === 'connect', 2000, 'the connect button');
    expect(frameOf(shown).text).to.equal('Connecting...');
  });

  it('drawn before createW3Modal (elements upgraded first): restoring from the first frame, then restored', async () => {
    // The network stored last time: its symbol is the balance still to come, before the modal knows its networks.
    localStorage.setItem('@w3kit/activeNetworks', JSON.stringify({ eip155: 'eip155:31337' }));
    defineElements();
    const hidden = button({ balance: 'hide' });
    const shown = button();
    const { frames, stop } = sampleFrames([hidden, shown]);
    await nextFrame();
    await nextFrame();
    configure(baseOptions());
    await waitFor(() => frameOf(hidden).state === 'account' && frameOf(shown).state === 'account', 5000, 'the restored account');
    await nextFrame();
    stop();
    expectNoFlash(frames[0]!, 'before the modal');
    const restoring = frames[1]!.filter((f) => f.state === 'restoring');
    expect(restoring[0]!.text, 'the balance still to come, before the modal exists').to.equal('… ETH 0xf3…b92266');
    expect(new Set(restoring.map((f) => f.width)).size, 'one width before and after createW3Modal').to.equal(1);
  });

  it('a wallet that is gone: restoring, then Connect Wallet once the restore gives up', async () => {
    // A wallet this page never sees (uninstalled since the last visit).
    storeConnection(wallet!.addresses[0]!, 'dev.w3kit.uninstalled');
    configure(baseOptions());
    defineElements();
    const el = button();
    await waitFor(() => frameOf(el).state !== 'empty', 2000, 'the first render');
    expect(frameOf(el).state).to.equal('restoring');
    await waitFor(() => frameOf(el).state === 'connect', 5000, 'Connect Wallet after the failed restore');
    expect(frameOf(el).text).to.equal('Connect Wallet');
  });
});
