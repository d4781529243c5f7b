import { expect } from 'chai';
import { msg } from '../../base/localize.js';
import { setLocale } from '../../../stores/ui/locale.js';
import { $send, reviewSend, setReceiver, setSendAmount } from '../../../stores/send/send.js';
import { RECEIVER } from '../../../test-utils/blockchain-fixtures.js';
import { networks } from '../../../wire/networks.js';
import { $accounts } from '../../../stores/connection/account.js';
import { $nativeBalances, balanceKey } from '../../../stores/connection/native-balance.js';
import { $activeNamespace, $activeNetworkIds } from '../../../stores/network/networks.js';
import { setBlockchainApiDeps } from '../../../stores/portfolio/blockchain.js';
import {
  activeDeep,
  apiOptions,
  axeViolations,
  connectAccount,
  deep,
  deepAll,
  deepText,
  mountModal,
  resetAll,
  waitFor,
} from '../../../../test/browser/helpers.js';
import { pseudoCheck } from '../../../../test/browser/pseudo-check-b.js';
import type { W3Modal } from '../../modal/modal.element.js';

async function openSend(el: W3Modal): Promise<HTMLElement> {
  connectAccount();
  // open() resolves with the hash once sent: here nothing is sent, so it is left pending.
  void el.modal.open({ view: 'WalletSend' }).catch(() => undefined);
  return waitFor(() => deep<HTMLElement>(el, 'w3-wallet-send-view'), 3000, 'send view');
}

function type(view: HTMLElement, label: string, value: string): void {
  const field = deepAll<HTMLElement>(view, 'w3-ui-text-input').find((f) => f.getAttribute('label') === label)!;
  const input = field.shadowRoot!.querySelector('input')!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

const button = (view: HTMLElement, text: string) =>
  deepAll<HTMLElement>(view, 'w3-ui-button')
    .find((b) => b.textContent!.trim() === text)!
    .shadowRoot!.querySelector('button')!;
const error = (view: HTMLElement) => deep(view, '.error')!.textContent!.trim();
const input = (view: HTMLElement, label: string) =>
  deepAll<HTMLElement>(view, 'w3-ui-text-input')
    .find((f) => f.getAttribute('label') === label)!
    .shadowRoot!.querySelector('input')!;
/** The message a field is marked with: aria-invalid, and described by the message under it. */
function fieldError(view: HTMLElement, label: string): string | undefined {
  const field = input(view, label);
  if (field.getAttribute('aria-invalid') !== 'true') return undefined;
  const id = field.getAttribute('aria-describedby');
  return id ? (field.getRootNode() as ShadowRoot).getElementById(id)?.textContent?.trim() : undefined;
}

describe('WalletSend view', () => {
  beforeEach(() => {
    resetAll();
  });
  afterEach(() => {
    resetAll();
  });

  it('shows validation messages and amounts in the active locale', async () => {
    const el = await mountModal();
    try {
      const view = await openSend(el);
      await waitFor(() => $send.get().token?.symbol === 'ETH', 2000, 'native token chosen');
      await setLocale('de');
      const chip = await waitFor(() => deep<HTMLButtonElement>(view, 'w3-ui-token-picker', 'button.chip'), 2000, 'token chip');
      chip.click();
      await waitFor(() => deep(view, 'w3-ui-token-picker', '[data-token="ETH"] .balance')?.textContent === '1,234', 2000, 'balance in de');
      chip.click();
      await setLocale('en-XA');
      await reviewSend();
      await waitFor(() => /^⟦.+⟧$/.test(error(view)), 2000, 'pseudo form error');
      expect(error(view)).not.to.contain('An amount and receiver address are required');
      // The field is found by its label, itself in the pseudo-locale now.
      await waitFor(() => /^⟦.+⟧$/.test(fieldError(view, msg('Amount')) ?? ''), 2000, 'pseudo field error');
    } finally {
      await setLocale('en');
    }
  });

  it('validates with the spec messages, fills Max, previews and goes back to edit', async () => {
    const el = await mountModal();
    const view = await openSend(el);
    const chip = await waitFor(() => deep<HTMLButtonElement>(view, 'w3-ui-token-picker', 'button.chip'), 2000, 'token chip');
    await waitFor(() => $send.get().token?.symbol === 'ETH', 2000, 'native token chosen');
    await waitFor(() => chip.getAttribute('aria-label') === 'Token ETH', 2000, 'chip names the token');
    expect(deepAll(view, 'select')).to.deep.equal([]);
    expect(await axeViolations()).to.deep.equal([]);

    expect(input(view, 'Amount').getAttribute('inputmode')).to.equal('decimal');
    expect(fieldError(view, 'Amount')).to.equal(undefined);

    button(view, 'Preview send').click();
    await waitFor(() => error(view) === 'An amount and receiver address are required', 2000, 'required');
    await waitFor(() => fieldError(view, 'Amount') === 'Enter an amount', 2000, 'empty amount marked');
    expect(fieldError(view, 'To')).to.equal('Enter an address');
    type(view, 'Amount', 'abc');
    type(view, 'To', RECEIVER);
    button(view, 'Preview send').click();
    await waitFor(() => fieldError(view, 'Amount') === 'Enter a number such as 1.5', 2000, 'invalid amount');
    expect(fieldError(view, 'To')).to.equal(undefined);
    // Said once, under its field.
    expect(error(view)).to.equal('');
    type(view, 'Amount', '0.5');
    type(view, 'To', '0x1234');
    button(view, 'Preview send').click();
    await waitFor(() => fieldError(view, 'To') === 'Invalid address', 2000, 'invalid receiver');
    expect(fieldError(view, 'Amount')).to.equal(undefined);
    expect(await axeViolations()).to.deep.equal([]);
    type(view, 'To', RECEIVER);
    // As it is typed, before Preview.
    type(view, 'Amount', '5');
    await waitFor(() => fieldError(view, 'Amount') === 'Insufficient funds', 2000, 'insufficient as typed');
    expect(deep(view, '[data-preview-amount]')).to.equal(null);
    expect(await axeViolations()).to.deep.equal([]);

    button(view, 'Max').click();
    await waitFor(() => $send.get().amount === '1.23456', 2000, 'max');
    button(view, 'Preview send').click();
    await waitFor(() => deep(view, '[data-preview-amount]'), 2000, 'preview');
    expect(deep(view, '[data-preview-amount]')!.textContent).to.equal('1.23456 ETH');
    expect(deep(view, '[data-preview-receiver]')!.textContent).to.equal(RECEIVER);
    expect(deepText(view)).to.contain('Localhost');
    // The fee is estimated on the chain (none answers here: 'Unavailable'); a figure gives the total.
    await waitFor(() => $send.get().fee.status !== 'loading', 15_000, 'fee estimate settled');
    if ($send.get().fee.status === 'error') expect(deep(view, '[data-preview-fee]')!.textContent!.trim()).to.equal('Unavailable');
    $send.setKey('fee', { status: 'ready', wei: 42_000_000_000_000n });
    await waitFor(() => deep(view, '[data-preview-total]'), 2000, 'total');
    expect(deep(view, '[data-preview-fee]')!.textContent!.trim()).to.equal('0.000042 ETH');
    expect(deep(view, '[data-preview-total]')!.textContent!.trim()).to.equal('1.234602 ETH');
    // Max leaves nothing for the fee: said, and Send is off.
    expect(error(view)).to.equal('Insufficient funds');
    expect(button(view, 'Send').disabled).to.equal(true);
    expect(await axeViolations()).to.deep.equal([]);
    button(view, 'Back to edit').click();
    await waitFor(() => deep(view, 'w3-ui-token-picker'), 2000, 'form again');
    expect($send.get()).to.include({ amount: '1.23456', receiver: RECEIVER });
  });

  it("keeps the focus when the step changes: Preview send's Review heading, then Back to edit's token field", async () => {
    const el = await mountModal();
    const view = await openSend(el);
    await waitFor(() => $send.get().token?.symbol === 'ETH', 2000, 'native token chosen');
    type(view, 'Amount', '0.5');
    type(view, 'To', RECEIVER);
    const preview = button(view, 'Preview send');
    preview.focus();
    preview.click();
    await waitFor(() => activeDeep()?.tagName === 'H3', 3000, 'focus on the Review heading');
    expect(activeDeep()!.textContent!.trim()).to.equal('Review');
    button(view, 'Back to edit').click();
    await waitFor(() => activeDeep() === deep(view, 'w3-ui-token-picker', 'button.chip'), 3000, 'focus on the token chip');
  });

  it("refuses '1e5' in its own words, with no fiat value beside it; a good amount has one", async () => {
    const el = await mountModal({ projectId: 'w3kit-dev', blockchainApiUrl: 'http://balances.invalid' });
    // The native coin at $150 (a canned Blockchain API): a fiat value shows for an amount the form takes.
    const native = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:31337', value: 185, price: 150, iconUrl: '' } as const;
    const balances = [{ ...native, quantity: { decimals: '18', numeric: '1.23456' } }];
    setBlockchainApiDeps({ fetch: async () => new Response(JSON.stringify({ balances })), attempts: 1 });
    const view = await openSend(el);
    await waitFor(() => $send.get().token?.symbol === 'ETH', 2000, 'native token chosen');
    await waitFor(() => $send.get().token?.price === 150, 2000, 'price');
    const fiat = () => deep(view, '[data-fiat]')!.textContent!.replace(/\s+/g, ' ').trim();

    type(view, 'Amount', '0.5');
    await waitFor(() => deep(view, '[data-fiat-value]')?.textContent === '≈ $75.00', 2000, 'fiat of 0.5 ETH');
    expect(fieldError(view, 'Amount')).to.equal(undefined);

    type(view, 'Amount', '1e5');
    await waitFor(() => fieldError(view, 'Amount') === 'Write the amount in full, without “e”', 2000, 'exponent refused');
    expect(deep(view, '[data-fiat-value]')).to.equal(null);
    expect(fiat()).to.equal('Balance 1.234 ETH');
    expect(fiat()).not.to.contain('$');

    type(view, 'Amount', '1.1234567891234567891');
    await waitFor(() => fieldError(view, 'Amount') === 'At most 18 decimals', 2000, 'too many decimals');
    expect(deep(view, '[data-fiat-value]')).to.equal(null);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("on Solana: a Solana placeholder, and 'At most 9 decimals' for SOL", async () => {
    const devnet = networks.solanaDevnet;
    const el = await mountModal({ networks: [networks.localhost, devnet] });
    const address = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';
    // The figure where a read lands (the account state's balance follows it), not the account state by hand.
    $nativeBalances.setKey(balanceKey(devnet.caipNetworkId, address), { status: 'ready', value: '2.5', symbol: 'SOL' });
    $accounts.setKey('solana', {
      address,
      caipAddress: `${devnet.caipNetworkId}:${address}`,
      status: 'connected',
      balance: undefined,
      balanceSymbol: undefined,
      profileName: undefined,
      profileImage: undefined,
      allAccounts: [{ namespace: 'solana', address, type: 'eoa' }],
      user: undefined,
      smartAccountDeployed: false,
    });
    $activeNetworkIds.set({ solana: devnet.caipNetworkId });
    $activeNamespace.set('solana');
    void el.modal.open({ view: 'WalletSend' }).catch(() => undefined);
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-wallet-send-view'), 3000, 'send view');
    await waitFor(() => $send.get().token?.symbol === 'SOL', 2000, 'SOL chosen');
    expect(input(view, 'To').placeholder).to.equal('Solana address');

    type(view, 'Amount', '1.1234567891234');
    await waitFor(() => fieldError(view, 'Amount') === 'At most 9 decimals', 2000, 'SOL decimals');
    type(view, 'Amount', '1.123456789');
    await waitFor(() => fieldError(view, 'Amount') === undefined, 2000, '9 decimals taken');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('sends to a name: the seeded dev.w3kit resolves on the real backend, an unknown name says so', async () => {
    const { apiUrl, projectId } = apiOptions();
    const el = await mountModal({ blockchainApiUrl: apiUrl!, projectId: projectId! });
    const view = await openSend(el);
    await waitFor(() => $send.get().token?.symbol === 'ETH', 2000, 'native token chosen');
    const field = deepAll<HTMLElement>(view, 'w3-ui-text-input').find((f) => f.getAttribute('label') === 'To')!;
    expect(field.shadowRoot!.querySelector('input')!.placeholder).to.equal('0x… address or name');

    type(view, 'Amount', '0.5');
    type(view, 'To', 'nobody.w3kit');
    button(view, 'Preview send').click();
    await waitFor(() => fieldError(view, 'To') === 'No address found for nobody.w3kit', 3000, 'unknown name');

    type(view, 'To', 'dev.w3kit');
    // Looked up once typing pauses (300 ms), without pressing Preview.
    await waitFor(() => deep(view, '[data-receiver-lookup]')?.textContent === 'Looking up dev.w3kit…', 1000, 'lookup hint');
    await waitFor(() => deep(view, '[data-receiver-address]')?.textContent === '0x70…dc79C8', 3000, 'resolved address hint');
    expect(deep(view, '[data-receiver-address]')!.getAttribute('title')).to.equal(RECEIVER);
    expect(await axeViolations()).to.deep.equal([]);
    button(view, 'Preview send').click();
    await waitFor(() => deep(view, '[data-preview-receiver]'), 3000, 'preview');
    expect(deep(view, '[data-preview-receiver]')!.textContent).to.equal('dev.w3kit (0x70…dc79C8)');
    expect($send.get()).to.include({ receiver: 'dev.w3kit', receiverAddress: RECEIVER, receiverNameStatus: 'resolved' });
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('in the pseudo-locale every text of the form and the Review step went through msg()', async () => {
    const el = await mountModal();
    const view = await openSend(el);
    await waitFor(() => $send.get().token?.symbol === 'ETH', 2000, 'native token chosen');
    await setLocale('en-XA');
    const check = async (what: string) => {
      await (view as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      const { leaks, localized } = pseudoCheck(view.shadowRoot!, ['ETH', 'Localhost']);
      expect(leaks, what).to.deep.equal([]);
      expect(localized, what).to.be.greaterThan(3);
    };
    try {
      await waitFor(() => deep(view, '#w3-send-token-label')!.textContent!.trim().startsWith('⟦'), 3000, 'pseudo form');
      await check('form');
      expect(deep(view, '[data-fiat]')!.textContent).to.contain('⟦Báláñçé 1.234 ETH⟧');
      setSendAmount('0.5');
      setReceiver(RECEIVER);
      await reviewSend();
      await waitFor(() => deep(view, '[data-preview-amount]'), 2000, 'preview');
      await check('review');
      await waitFor(() => $send.get().fee.status !== 'loading', 15_000, 'fee estimate settled');
      $send.setKey('fee', { status: 'error' });
      await check('fee unavailable');
      $send.setKey('fee', { status: 'ready', wei: 42_000_000_000_000n });
      await waitFor(() => deep(view, '[data-preview-total]'), 2000, 'total');
      await check('fee and total');
      expect(deepAll(view, 'dt').map((dt) => dt.textContent)).to.deep.equal([
        '⟦Šéñd⟧',
        '⟦Válúé⟧',
        '⟦Tó⟧',
        '⟦Ñétwórk⟧',
        '⟦Ñétwórk féé⟧',
        '⟦Tótál⟧',
      ]);
    } finally {
      await setLocale('en');
    }
  });

  it("closing the modal rejects open({ view: 'WalletSend' }) with 'Modal closed' and resets the form", async () => {
    const el = await mountModal();
    connectAccount();
    const opened = el.modal.open({ view: 'WalletSend' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-wallet-send-view'), 3000, 'send view');
    type(view, 'Amount', '0.1');
    el.modal.close();
    const err = await opened.catch((e: unknown) => e);
    expect((err as Error).message).to.equal('Modal closed');
    await waitFor(() => $send.get().amount === '', 2000, 'reset');
  });
});
