import { html, nothing } from 'lit';
import { truncateAddress } from '../../../core/address.js';
import { formatAmount, formatBalance, formatFiat } from '../../../core/format.js';
import { fetchBalances } from '../../../stores/balances.js';
import { getBlockchainApi } from '../../../stores/blockchain.js';
import { $activeNetwork } from '../../../stores/networks.js';
import {
  $send,
  $sendTokens,
  backToForm,
  resetSend,
  NAME_MESSAGES,
  reviewSend,
  SEND_MESSAGES,
  sendFieldErrors,
  sendReceiver,
  sendTotals,
  setMaxAmount,
  setReceiver,
  setSendAmount,
  setSendToken,
  submitSend,
  type SendToken,
} from '../../../stores/send.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { walletSendStyles } from './wallet-send.styles.js';

const tokenKey = (t: SendToken | undefined) => t?.contract?.toLowerCase() ?? 'native';

/** An amount as typed, grouped, with the decimals typed (the Review step never rounds what is sent). */
const typedAmount = (amount: string) => formatAmount(amount, { decimals: amount.split('.')[1]?.length ?? 0 });

/** A fee or total in the native coin: 6 decimals, so a fee of a few gwei still shows. */
const FEE_DECIMALS = 6;
const feeAmount = (value: string) => {
  const text = formatAmount(value, { decimals: FEE_DECIMALS });
  return /^[0.,]+$/.test(text) && /[1-9]/.test(value) ? `< 0.${'0'.repeat(FEE_DECIMALS - 1)}1` : text;
};

/**
 * @summary WalletSend: choose a token (the native coin or a token with a balance), an amount
 * (Max, fiat equivalent) and a receiver (an address, or on EVM networks a name such as
 * `alice.w3kit` resolved through the Blockchain API), preview, then sign and send with the wallet.
 */
export class W3WalletSendView extends W3Element {
  static override readonly tagName = 'w3-wallet-send-view';
  static override styles = [viewStyles, walletSendStyles];

  private readonly send = new StoreController(this, $send);
  private readonly tokens = new StoreController(this, $sendTokens);
  private readonly network = new StoreController(this, $activeNetwork);

  override connectedCallback(): void {
    super.connectedCallback();
    if (getBlockchainApi()) void fetchBalances();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (!$send.get().loading) resetSend();
  }

  /** Keeps the chosen token in step with the list: the native coin by default, fresh balances. */
  protected override updated(): void {
    const { token } = this.send.value;
    const list = this.tokens.value;
    const current = list.find((t) => tokenKey(t) === tokenKey(token)) ?? (token ? undefined : list[0]);
    if (current && (current.balance !== token?.balance || current.price !== token.price)) setSendToken(current);
  }

  private onTokenChange(e: Event): void {
    const key = (e.target as HTMLSelectElement).value;
    setSendToken(this.tokens.value.find((t) => tokenKey(t) === key));
  }

  private onSubmit(e: Event): void {
    e.preventDefault();
    void reviewSend();
  }

  private renderForm() {
    const { token, amount, receiver, error } = this.send.value;
    const fields = sendFieldErrors(this.send.value, this.network.value);
    // A message already shown under its field is not repeated under the form.
    const formError = error && error !== fields.amount && error !== fields.receiver ? error : '';
    const fiat = token && Number(amount) > 0 ? formatFiat(Number(amount) * token.price) : formatFiat(0);
    return html`<form novalidate @submit=${this.onSubmit}>
      <div>
        <label for="token">Token</label>
        <select id="token" .value=${tokenKey(token)} @change=${this.onTokenChange}>
          ${this.tokens.value.map(
            (t) =>
              html`<option value=${tokenKey(t)} ?selected=${tokenKey(t) === tokenKey(token)}>
                ${t.symbol} (${formatBalance(t.balance)})
              </option>`,
          )}
        </select>
      </div>
      <div>
        <div class="amount">
          <w3-ui-text-input
            label="Amount"
            placeholder="0.0"
            inputmode="decimal"
            autocomplete="off"
            .value=${amount}
            .error=${fields.amount}
            @w3-input=${(ev: CustomEvent<{ value: string }>) => setSendAmount(ev.detail.value)}
            @w3-submit=${() => void reviewSend()}
          ></w3-ui-text-input>
          <w3-ui-button size="sm" variant="secondary" label="Max amount" @click=${() => setMaxAmount()}>Max</w3-ui-button>
        </div>
        <p class="hint" data-fiat aria-live="polite">
          ≈ ${fiat}${token ? html` · Balance ${formatBalance(token.balance)} ${token.symbol}` : nothing}
        </p>
      </div>
      <div>
        <w3-ui-text-input
          label="To"
          placeholder="0x… address or name"
          autocomplete="off"
          .value=${receiver}
          .error=${fields.receiver}
          @w3-input=${(ev: CustomEvent<{ value: string }>) => setReceiver(ev.detail.value)}
          @w3-submit=${() => void reviewSend()}
        ></w3-ui-text-input>
        ${this.renderReceiverHint()}
      </div>
      <p class="error" role="alert" data-send-error>${formError}</p>
      <w3-ui-button full-width @click=${() => void reviewSend()}>Preview send</w3-ui-button>
    </form>`;
  }

  /**
   * Under the receiver, in one live region: the name of an address, or for a name that it is
   * being looked up, then the address it resolved to.
   */
  private renderReceiverHint() {
    const { receiver, receiverAddress, receiverNameStatus, receiverProfileName } = this.send.value;
    const content =
      receiverNameStatus === 'resolving'
        ? html`<span data-receiver-lookup>${NAME_MESSAGES.resolving(receiver)}</span>`
        : receiverNameStatus === 'resolved' && receiverAddress
          ? html`<span data-receiver-address dir="ltr" title=${receiverAddress}>${truncateAddress(receiverAddress)}</span>`
          : receiverProfileName
            ? html`<span data-receiver-name>${receiverProfileName}</span>`
            : nothing;
    return html`<p class="hint" aria-live="polite">${content}</p>`;
  }

  private renderPreview() {
    const { token, amount, receiverProfileName, loading, error, fee } = this.send.value;
    const receiver = sendReceiver(this.send.value);
    const receiverText = receiverProfileName ? `${receiverProfileName} (${truncateAddress(receiver)})` : receiver;
    const native = this.network.value?.nativeCurrency;
    if (!token) return nothing;
    // The native coin's amount plus the fee must fit in the balance: Max leaves nothing for the fee.
    const short = fee.status === 'ready' && native !== undefined && sendTotals(token, amount, fee.wei, native).insufficient;
    return html`<h3>Review</h3>
      <dl>
        <dt>Send</dt>
        <dd data-preview-amount><span dir="ltr">${typedAmount(amount)} ${token.symbol}</span></dd>
        <dt>Value</dt>
        <dd><span dir="ltr">${formatFiat(Number(amount) * token.price)}</span></dd>
        <dt>To</dt>
        <dd data-preview-receiver><span dir="auto">${receiverText}</span></dd>
        <dt>Network</dt>
        <dd>${this.network.value?.name ?? ''}</dd>
        ${this.renderFee(token, amount)}
      </dl>
      <p class="error" role="alert">${error ?? (short ? SEND_MESSAGES.insufficient : '')}</p>
      <div class="actions">
        <w3-ui-button variant="secondary" ?disabled=${loading} @click=${() => backToForm()}>Back to edit</w3-ui-button>
        <w3-ui-button
          aria-busy=${loading ? 'true' : 'false'}
          ?disabled=${loading || short}
          @click=${() => void submitSend().catch(() => undefined)}
        >
          ${loading ? 'Sending…' : 'Send'}
        </w3-ui-button>
      </div>`;
  }

  /** The network fee estimate (gas estimate times gas price) and the total, in the Review step. */
  private renderFee(token: SendToken, amount: string) {
    const { fee } = this.send.value;
    const native = this.network.value?.nativeCurrency;
    if (!native || fee.status === 'idle') return nothing;
    if (fee.status !== 'ready')
      return html`<dt>Network fee</dt>
        <dd data-preview-fee aria-live="polite">${fee.status === 'loading' ? 'Estimating…' : 'Unavailable'}</dd>`;
    const totals = sendTotals(token, amount, fee.wei, native);
    const feeText = `${feeAmount(totals.fee)} ${native.symbol}`;
    return html`<dt>Network fee</dt>
      <dd data-preview-fee aria-live="polite"><span dir="ltr">${feeText}</span></dd>
      <dt>Total</dt>
      <dd data-preview-total>
        <span dir="ltr"
          >${totals.total === undefined
            ? `${typedAmount(amount)} ${token.symbol} + ${feeText}`
            : `${formatAmount(totals.total, { decimals: Math.max(FEE_DECIMALS, amount.split('.')[1]?.length ?? 0) })} ${native.symbol}`}</span
        >
      </dd>`;
  }

  override render() {
    const namespace = this.network.value?.chainNamespace;
    if (namespace !== 'eip155' && namespace !== 'solana') return html`<p class="empty" role="alert">${SEND_MESSAGES.unsupported}</p>`;
    return this.send.value.step === 'preview' ? this.renderPreview() : this.renderForm();
  }
}
