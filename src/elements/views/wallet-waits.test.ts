/**
 * Every wait on a wallet says so on the button that started it (issue 35): Send's and Swap's
 * confirm 'Confirm in your wallet', Choose name's Register 'Signing…' (SIWX's Sign: its own test,
 * with the real test wallet), busy and aria-disabled, not only a grey button. The stores are set
 * as the actions set them while the wallet is asked.
 */
import { expect } from 'chai';
import { $send, reviewSend, setReceiver, setSendAmount } from '../../stores/send/send.js';
import { $registerName } from '../../stores/names/register-name.js';
import { $swapStore, resetSwap, setAmount, setFromToken, setToToken, $swap } from '../../stores/swap/swap.js';
import { setSwapApiDeps } from '../../stores/swap/swap-client.js';
import { resetSwapCatalogue } from '../../stores/swap/swap-catalogue.js';
import { setBlockchainApiDeps } from '../../stores/portfolio/blockchain.js';
import { ACCOUNT, BALANCES, CHAIN, DUSD, RECEIVER } from '../../test-utils/blockchain-fixtures.js';
import { NATIVE_TOKEN_ADDRESS } from '../../wire/convert-api.js';
import { axeViolations, connectAccount, deep, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';

const ETH_ID = `${CHAIN}:${NATIVE_TOKEN_ADDRESS}`;
const DUSD_ID = `${CHAIN}:${DUSD}`;

/** The native button of the w3-ui-button matching `selector` in `view`. */
const native = (view: HTMLElement, selector: string) => deep<HTMLButtonElement>(view, selector, 'button')!;
/** What the button says: the waiting text it shows itself, else its slotted label. */
const said = (b: HTMLButtonElement) =>
  (b.querySelector('[data-pending]') ?? (b.getRootNode() as ShadowRoot).host).textContent!.replace(/\s+/g, ' ').trim();

/** Canned Blockchain API replies for the swap form: two tokens, 1 ETH = 2000 DUSD. */
async function canned(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input));
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
  if (url.pathname === '/v1/convert/tokens')
    return json({
      tokens: [
        { name: 'Ether', symbol: 'ETH', address: ETH_ID, decimals: 18, logoUri: '' },
        { name: 'Demo USD', symbol: 'DUSD', address: DUSD_ID, decimals: 18, logoUri: '' },
      ],
    });
  if (url.pathname === '/v1/convert/gas-price') return json({ standard: '1000000000', fast: '1000000000', instant: '1000000000' });
  if (url.pathname === '/v1/convert/allowance') return json({ allowance: '0' });
  if (url.pathname === '/v1/convert/quotes') {
    const amount = BigInt(url.searchParams.get('amount')!);
    return json({
      quotes: [
        { id: null, fromAmount: `${amount}`, fromAccount: ETH_ID, toAmount: `${amount * 2000n}`, toAccount: DUSD_ID, priceImpact: 0.1 },
      ],
    });
  }
  if (url.pathname === `/v1/account/${ACCOUNT}/balance`) return json({ balances: BALANCES });
  return json({ fungibles: [] });
}

describe('buttons that wait on the wallet', () => {
  beforeEach(() => resetAll());
  afterEach(() => {
    resetSwap();
    setSwapApiDeps({});
    setBlockchainApiDeps({});
    resetAll();
  });

  it("Send's confirm says 'Confirm in your wallet' while the wallet is asked", async () => {
    const el = await mountModal();
    connectAccount();
    void el.modal.open({ view: 'WalletSend' }).catch(() => undefined);
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-wallet-send-view'), 3000, 'send view');
    await waitFor(() => $send.get().token?.symbol === 'ETH', 2000, 'native token chosen');
    setSendAmount('0.1');
    setReceiver(RECEIVER);
    await reviewSend();
    const submit = await waitFor(() => deep(view, 'w3-ui-button[data-submit]') && native(view, 'w3-ui-button[data-submit]'), 2000, 'Send');
    expect(said(submit)).to.equal('Send');
    $send.setKey('loading', true);
    await waitFor(() => said(submit) === 'Confirm in your wallet', 2000, 'Confirm in your wallet');
    expect(submit.getAttribute('aria-busy')).to.equal('true');
    expect(submit.getAttribute('aria-disabled')).to.equal('true');
    expect(await axeViolations()).to.deep.equal([]);
    $send.setKey('loading', false);
    await waitFor(() => said(submit) === 'Send', 2000, 'Send again');
  });

  it("Swap's confirm says 'Confirm in your wallet' until the wallet sent it, then stays busy", async () => {
    resetSwapCatalogue();
    setSwapApiDeps({ fetch: canned, attempts: 1 });
    setBlockchainApiDeps({ fetch: canned, attempts: 1 });
    const el = await mountModal({ blockchainApiUrl: 'http://swap-api.invalid', projectId: 'w3kit-dev', features: { swaps: true } });
    connectAccount();
    await el.modal.open({ view: 'Swap' });
    await waitFor(() => $swap.get().tokens.length === 2, 3000, 'tokens');
    setFromToken(ETH_ID);
    setToToken(DUSD_ID);
    setAmount('1');
    await waitFor(() => $swap.get().quote, 3000, 'quote');
    await el.modal.open({ view: 'SwapPreview' });
    const preview = await waitFor(() => deep<HTMLElement>(el, 'w3-swap-preview-view'), 3000, 'preview');
    const confirm = await waitFor(
      () => deep(preview, 'w3-ui-button[data-confirm]') && native(preview, 'w3-ui-button[data-confirm]'),
      3000,
      'Swap',
    );
    expect(said(confirm)).to.equal('Swap');
    $swapStore.setKey('status', 'swapping');
    await waitFor(() => said(confirm) === 'Confirm in your wallet', 2000, 'Confirm in your wallet');
    expect(confirm.getAttribute('aria-busy')).to.equal('true');
    expect(confirm.getAttribute('aria-disabled')).to.equal('true');
    // Sent: the wallet is done; the status line says 'Swapping…' and the button stays busy.
    $swapStore.setKey('swapHash', `0x${'ab'.repeat(32)}`);
    await waitFor(() => said(confirm) === 'Swap', 2000, 'Swap label back');
    expect(deep(preview, 'w3-ui-button[data-confirm]')!.getAttribute('aria-busy')).to.equal('true');
    expect(confirm.disabled).to.equal(true);
  });

  it("Choose name's Register says 'Signing…' while the wallet signs", async () => {
    const el = await mountModal({ blockchainApiUrl: 'http://127.0.0.1:9', projectId: 'w3kit-dev' });
    connectAccount();
    await el.modal.open({ view: 'RegisterAccountName' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-register-account-name-view'), 3000, 'register view');
    const register = native(view, 'w3-ui-button[data-register]');
    expect(said(register)).to.equal('Register');
    $registerName.setKey('stage', 'signing');
    await waitFor(() => said(register) === 'Signing…', 2000, 'Signing…');
    expect(register.getAttribute('aria-busy')).to.equal('true');
    expect(register.getAttribute('aria-disabled')).to.equal('true');
    $registerName.setKey('stage', 'sending');
    await waitFor(() => said(register) === 'Register', 2000, 'Register label back');
  });
});
