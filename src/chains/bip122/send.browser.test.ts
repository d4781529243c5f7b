/**
 * A BTC send from WalletSend in Chromium, by keyboard (issue 33 section 2): the real Wallet
 * Standard Bitcoin test wallet (its key's address funded with 1 BTC by web-test-runner's local
 * regtest chain, `w3kit-server btc --fund`, window.__W3_BTC_URL__) connects; the amount and the
 * receiver are typed, Enter opens the Review step, the arrow keys choose the fee speed, Enter on
 * Send has the wallet sign the PSBT; the toast follows the transaction until its block is mined
 * ('Transaction confirmed'). A receiver of another Bitcoin network is refused in words.
 */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { sha256 } from '@scure/btc-signer/utils.js';
import { createBitcoinTestWallet, type BitcoinTestWallet } from '../../../test/fixtures/bitcoin-wallet.js';
import { activeDeep, axeViolations, deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';
import { connectExternal } from '../../stores/connection/actions.js';
import { getAccountState } from '../../stores/connection/account.js';
import { $connectors } from '../../stores/connection/connectors.js';
import { $send } from '../../stores/send/send.js';
import { networks, type Network } from '../../wire/networks.js';

/** The key web-test-runner.config.mjs funds (its P2WPKH regtest address, 1 BTC). */
const KEY = sha256(new TextEncoder().encode('w3kit btc-send browser test'));
const RECEIVER = createBitcoinTestWallet({ storageKey: false, privateKey: 'a7'.repeat(32), name: 'Receiver' }).address;
const NAME = 'Bitcoin Send Wallet';

const regtest = (): Network => ({
  ...networks.bitcoinRegtest,
  rpcUrls: { default: { http: [(window as unknown as { __W3_BTC_URL__: string }).__W3_BTC_URL__] } },
});

const field = (view: HTMLElement, label: string) =>
  deepAll<HTMLElement>(view, 'w3-ui-text-input')
    .find((f) => f.getAttribute('label') === label)!
    .shadowRoot!.querySelector('input')!;
const alert = (view: HTMLElement) => deep(view, 'p.error[role="alert"]')?.textContent?.trim() ?? '';

async function typeInto(view: HTMLElement, label: string, text: string): Promise<void> {
  const input = field(view, label);
  input.focus();
  input.select();
  if (input.value) await sendKeys({ press: 'Backspace' });
  await sendKeys({ type: text });
}

let wallet: BitcoinTestWallet | undefined;

describe('BTC send from WalletSend (issue 33)', () => {
  beforeEach(() => {
    resetAll();
    wallet = createBitcoinTestWallet({ name: NAME, privateKey: KEY, storageKey: false });
    wallet.register();
  });
  afterEach(() => {
    wallet?.unregister();
    resetAll();
  });

  it('sends by keyboard at the chosen fee speed, the toast reaches confirmed; a receiver of another network is refused in words', async function () {
    // Discovery, connect, two fee estimates, a signature, a broadcast and a block on a shared machine.
    this.timeout(60_000);
    const el = await mountModal({ networks: [regtest()] });
    await el.modal.open({ view: 'Connect' });
    const id = await waitFor(() => $connectors.get().find((c) => c.name === NAME)?.id, 15_000, 'the Bitcoin wallet discovered').catch(
      (err: Error) => {
        throw new Error(`${err.message}: ${JSON.stringify($connectors.get().map((c) => [c.id, c.name]))}`);
      },
    );
    await connectExternal(id);
    await waitFor(() => getAccountState('bip122').balance === '1', 8000, 'the funded balance read from the local chain');
    expect(getAccountState('bip122').address).to.equal(wallet!.address);

    void el.modal.open({ view: 'WalletSend' }).catch(() => undefined);
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-wallet-send-view'), 3000, 'send view');
    await waitFor(() => $send.get().token?.symbol === 'BTC' && $send.get().token?.balance === '1', 3000, 'BTC to send');

    // A mainnet receiver has the shape of an address: the Review step says which network it is for, and Send is off.
    await typeInto(view, 'Amount', '0.01');
    await typeInto(view, 'To', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => alert(view) === 'This address is for Bitcoin mainnet, not for this network', 8000, 'the wrong network said').catch(
      (err: Error) => {
        throw new Error(`${err.message}: ${alert(view)}`);
      },
    );
    const send = () =>
      deepAll<HTMLElement>(view, 'w3-ui-button')
        .find((b) => b.textContent!.trim() === 'Send')!
        .shadowRoot!.querySelector('button')!;
    expect(send().disabled).to.equal(true);
    deepAll<HTMLElement>(view, 'w3-ui-button')
      .find((b) => b.textContent!.trim() === 'Back to edit')!
      .shadowRoot!.querySelector('button')!
      .click();

    await waitFor(() => $send.get().step === 'form' && deepAll(view, 'w3-ui-text-input').length === 2, 2000, 'back to the form');
    await typeInto(view, 'To', RECEIVER);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => $send.get().fee.status === 'ready', 8000, 'the fee at normal speed');
    const normal = ($send.get().fee as { wei: bigint }).wei;
    expect(deepText(deep(view, '[data-preview-fee]')!)).to.match(/^0\.000\d+ BTC/);
    // The fee speed: a radio group, its legend, the arrow keys.
    const radios = deepAll<HTMLInputElement>(view, 'fieldset[data-fee-speed] input[type="radio"]');
    expect(radios.map((r) => r.value)).to.deep.equal(['slow', 'normal', 'fast']);
    expect(deep(view, 'fieldset[data-fee-speed] legend')!.textContent!.trim()).to.equal('Fee speed');
    radios[1]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => $send.get().feeSpeed === 'fast' && $send.get().fee.status === 'ready', 8000, 'the fee at fast speed');
    expect(($send.get().fee as { wei: bigint }).wei > normal).to.equal(true);
    expect(await axeViolations()).to.deep.equal([]);

    send().focus();
    expect(activeDeep()).to.equal(send());
    await sendKeys({ press: 'Enter' });
    const toast = () => deepText(deep(el, 'w3-ui-toast') ?? document.body);
    await waitFor(() => /Transaction confirmed/.test(toast()), 15_000, 'the toast follows the transaction to its block').catch(
      (err: Error) => {
        throw new Error(`${err.message}: ${toast().slice(0, 200)}`);
      },
    );
    expect(wallet!.requests).to.include('bitcoin:signTransaction');
    const received = (await (await fetch(`${regtest().rpcUrls.default.http[0]}/address/${RECEIVER}`)).json()) as {
      chain_stats: { funded_txo_sum: number };
    };
    expect(received.chain_stats.funded_txo_sum).to.equal(1_000_000);
  });
});
