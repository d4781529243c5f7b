import { chainRules } from '../../../chains/registry.js';
import { html, nothing } from 'lit';
import { truncateAddress } from '../../../core/address.js';
import { formatAmount, formatBalance, formatFiat } from '../../l10n/format.js';
import { $activeNetwork } from '../../../stores/network/networks.js';
import {
  $send,
  $sendTokens,
  backToForm,
  parseSendAmount,
  resetSend,
  reviewSend,
  sendFieldErrors,
  sendReceiver,
  sendTotals,
  setMaxAmount,
  setReceiver,
  setSendAmount,
  setFeeSpeed,
  setSendToken,
  submitSend,
  type SendToken,
} from '../../../stores/send/send.js';
import { msg, str } from '../../base/localize.js';
import { StepFocusController } from '../../base/step-focus.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { W3Error } from '../../../core/errors.js';
import { sendProblemText } from '../../l10n/send.js';
import { viewStyles } from '../view.styles.js';
import { walletSendStyles } from './wallet-send.styles.js';
import { renderFeeSpeed } from './fee-speed.js';
import { defineUiTokenPicker, type PickerToken } from '../../primitives/token-picker/token-picker.js';
import { sendFailureText } from '../../l10n/messages.js';

const tokenKey = (t: SendToken | undefined) => t?.contract?.toLowerCase() ?? 'native';

/** A token to send as the picker shows it: every one is held (the list is the native coin and the tokens with a balance). */
const pickerToken = (t: SendToken): PickerToken => ({
  id: tokenKey(t),
  symbol: t.symbol,
  name: t.name,
  logo: t.iconUrl,
  balance: formatBalance(t.balance),
});

/**
 * An amount as typed (parsed: de '1,5' is 1.5), grouped, with the decimals typed (the Review
 * step never rounds what is sent).
 */
const typedAmount = (token: SendToken, amount: string) => {
  const parsed = parseSendAmount(amount, token);
  const value = parsed.ok ? parsed.value : '0';
  return formatAmount(value, { decimals: typedDecimals(token, amount) });
};

/** How many decimals the amount was typed with. */
const typedDecimals = (token: SendToken, amount: string): number => {
  const parsed = parseSendAmount(amount, token);
  return parsed.ok ? (parsed.value.split('.')[1]?.length ?? 0) : 0;
};

/** The fiat value of the amount typed, from the same parse as the form's message; undefined while the amount is refused. */
const fiatValue = (token: SendToken, amount: string, namespace?: string): number | undefined => {
  const parsed = parseSendAmount(amount, token, namespace);
  return parsed.ok ? Number(parsed.value) * token.price : undefined;
};

/** A fee or total in the native coin: 6 decimals, so a fee of a few gwei still shows. */
const FEE_DECIMALS = 6;
const feeAmount = (value: string) => {
  const text = formatAmount(value, { decimals: FEE_DECIMALS });
  return /^[0.,]+$/.test(text) && /[1-9]/.test(value) ? `< 0.${'0'.repeat(FEE_DECIMALS - 1)}1` : text;
};

/** The receiver field's placeholder: the shape of an address of the active namespace (names resolve on EVM only). */
const receiverPlaceholder = (namespace: string | undefined): string => chainRules(namespace)?.addressPlaceholder() ?? '';

defineUiTokenPicker();

/**
 * @summary WalletSend: choose a token (a chip opening a searchable list: the native coin or a token with a balance), an amount
 * (Max, fiat equivalent) and a receiver (an address, or on EVM networks a name such as
 * `alice.w3kit` resolved through the Blockchain API), preview, then sign and send with the wallet.
 */
export class W3WalletSendView extends W3Element {
  static override readonly tagName = 'w3-wallet-send-view';
  static override styles = [viewStyles, walletSendStyles];

  private readonly send = new StoreController(this, $send);
  /** The tokens to send, with balances: listening loads them (a fetcher store). */
  private readonly tokens = new StoreController(this, $sendTokens);
  private readonly network = new StoreController(this, $activeNetwork);

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (!$send.get().loading) resetSend();
  }

  /** A new step gets the focus (the view host focuses its `data-step-focus`: the button pressed is gone). */
  private readonly stepFocus = new StepFocusController(this, () => this.send.value.step);

  /** Keeps the chosen token in step with the list: the native coin by default, fresh balances. */
  protected override updated(): void {
    const { token } = this.send.value;
    const list = this.tokens.value;
    const current = list.find((t) => tokenKey(t) === tokenKey(token)) ?? (token ? undefined : list[0]);
    if (current && (current.balance !== token?.balance || current.price !== token.price)) setSendToken(current);
  }

  private onTokenChange(e: CustomEvent<{ id: string }>): void {
    const key = e.detail.id;
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
    const decimals = token?.decimals;
    const formError = error && error !== fields.amount && error !== fields.receiver ? sendProblemText(error, receiver, decimals) : '';
    // The fiat line reads the parse the message comes from: a refused amount has no fiat value.
    const value = token && amount ? fiatValue(token, amount, this.network.value?.chainNamespace) : 0;
    return html`<form novalidate @submit=${this.onSubmit}>
      <div>
        <span class="label" id="w3-send-token-label" aria-hidden="true"
          >${msg('Token', { id: 'send-token-label', desc: 'Send view: label of the token to send' })}</span
        >
        <w3-ui-token-picker
          id="token"
          data-step-focus
          align="start"
          label=${msg('Token', { id: 'send-token-label', desc: 'Send view: label of the token to send' })}
          .tokens=${this.tokens.value.map(pickerToken)}
          .value=${tokenKey(token)}
          @w3-token-change=${this.onTokenChange}
        ></w3-ui-token-picker>
      </div>
      <div>
        <div class="amount">
          <w3-ui-text-input
            label=${msg('Amount')}
            placeholder="0.0"
            inputmode="decimal"
            autocomplete="off"
            .value=${amount}
            .error=${fields.amount && sendProblemText(fields.amount, receiver, decimals)}
            @w3-input=${(ev: CustomEvent<{ value: string }>) => setSendAmount(ev.detail.value)}
            @w3-submit=${() => void reviewSend()}
          ></w3-ui-text-input>
          <w3-ui-button size="sm" variant="secondary" label=${msg('Max amount')} @click=${() => setMaxAmount()}
            >${msg('Max', { id: 'send-max', desc: 'Send view: button that fills in the whole balance' })}</w3-ui-button
          >
        </div>
        <p class="hint" data-fiat aria-live="polite">
          ${value === undefined ? nothing : html`<span data-fiat-value>≈ ${formatFiat(value)}</span>`}${token && value !== undefined
            ? ' · '
            : nothing}${token ? msg(str`Balance ${formatBalance(token.balance)} ${token.symbol}`) : nothing}
        </p>
      </div>
      <div>
        <w3-ui-text-input
          label=${msg('To', { id: 'send-to-label', desc: 'Send view: label of the receiver field' })}
          placeholder=${receiverPlaceholder(this.network.value?.chainNamespace)}
          autocomplete="off"
          .value=${receiver}
          .error=${fields.receiver && sendProblemText(fields.receiver, receiver, decimals)}
          @w3-input=${(ev: CustomEvent<{ value: string }>) => setReceiver(ev.detail.value)}
          @w3-submit=${() => void reviewSend()}
        ></w3-ui-text-input>
        ${this.renderReceiverHint()}
      </div>
      <p class="error" role="alert" data-send-error>${formError}</p>
      <w3-ui-button full-width @click=${() => void reviewSend()}>${msg('Preview send')}</w3-ui-button>
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
        ? html`<span data-receiver-lookup>${sendProblemText('NAME_RESOLVING', receiver)}</span>`
        : receiverNameStatus === 'resolved' && receiverAddress
          ? html`<span data-receiver-address dir="ltr" title=${receiverAddress}>${truncateAddress(receiverAddress)}</span>`
          : receiverProfileName
            ? html`<span data-receiver-name>${receiverProfileName}</span>`
            : nothing;
    return html`<p class="hint" aria-live="polite">${content}</p>`;
  }

  private renderPreview() {
    const { token, amount, receiverProfileName, loading, error, fee, receiver: typed } = this.send.value;
    const receiver = sendReceiver(this.send.value);
    const receiverText = receiverProfileName ? `${receiverProfileName} (${truncateAddress(receiver)})` : receiver;
    const native = this.network.value?.nativeCurrency;
    if (!token) return nothing;
    // The native coin's amount plus the fee must fit in the balance: Max leaves nothing for the fee.
    const short = fee.status === 'ready' && native !== undefined && sendTotals(token, amount, fee.wei, native).insufficient;
    // A chain's own refusal of the estimate (a Bitcoin amount under the dust limit, too little for amount and fee) is said and stops the send.
    const refused =
      fee.status === 'error' && fee.error instanceof W3Error && fee.error.localized?.() ? sendFailureText(fee.error) : undefined;
    const speeds = chainRules(this.network.value?.chainNamespace)?.feeSpeeds;
    return html`<h3 tabindex="-1" data-step-focus>
        ${msg('Review', { id: 'send-review-title', desc: 'Send view: heading of the step that reviews the transaction' })}
      </h3>
      <dl>
        <dt>${msg('Send', { id: 'send-review-amount', desc: 'Send view review: label of the amount being sent' })}</dt>
        <dd data-preview-amount><span dir="ltr">${typedAmount(token, amount)} ${token.symbol}</span></dd>
        <dt>${msg('Value', { id: 'send-review-value', desc: 'Send view review: label of the fiat value' })}</dt>
        <dd><span dir="ltr">${formatFiat(fiatValue(token, amount) ?? 0)}</span></dd>
        <dt>${msg('To', { id: 'send-to-label', desc: 'Send view: label of the receiver field' })}</dt>
        <dd data-preview-receiver><span dir="auto">${receiverText}</span></dd>
        <dt>${msg('Network')}</dt>
        <dd>${this.network.value?.name ?? ''}</dd>
        ${this.renderFee(token, amount)}
      </dl>
      ${speeds ? renderFeeSpeed(this.send.value.feeSpeed, loading, setFeeSpeed) : nothing}
      <p class="error" role="alert">
        ${error ? sendProblemText(error, typed) : short ? sendProblemText('INSUFFICIENT', typed) : (refused ?? '')}
      </p>
      <div class="actions">
        <w3-ui-button variant="secondary" ?disabled=${loading} @click=${() => backToForm()}>${msg('Back to edit')}</w3-ui-button>
        <w3-ui-button
          data-submit
          pending=${loading ? 'wallet' : nothing}
          ?disabled=${loading || short || refused !== undefined}
          @click=${() => void submitSend().catch(() => undefined)}
        >
          ${msg('Send', { id: 'send-submit', desc: 'Send view review: button that signs and sends the transaction' })}
        </w3-ui-button>
      </div>`;
  }

  /** The network fee estimate (gas estimate times gas price) and the total, in the Review step. */
  private renderFee(token: SendToken, amount: string) {
    const { fee } = this.send.value;
    const native = this.network.value?.nativeCurrency;
    if (!native || fee.status === 'idle') return nothing;
    if (fee.status !== 'ready')
      return html`<dt>${msg('Network fee')}</dt>
        <dd data-preview-fee aria-live="polite">
          ${fee.status === 'loading'
            ? msg('Estimating…')
            : msg('Unavailable', { id: 'send-fee-unavailable', desc: 'Send view review: the network fee could not be estimated' })}
        </dd>`;
    const totals = sendTotals(token, amount, fee.wei, native);
    const feeText = `${feeAmount(totals.fee)} ${native.symbol}`;
    // Where the sender chooses the fee (Bitcoin), it shows in USD too when the native coin has a price.
    const chosen = chainRules(this.network.value?.chainNamespace)?.feeSpeeds;
    const feeFiat = chosen && !token.contract && token.price > 0 ? ` (${formatFiat(Number(totals.fee) * token.price)})` : '';
    return html`<dt>${msg('Network fee')}</dt>
      <dd data-preview-fee aria-live="polite"><span dir="ltr">${feeText}${feeFiat}</span></dd>
      <dt>${msg('Total', { id: 'send-review-total', desc: 'Send view review: label of amount plus fee' })}</dt>
      <dd data-preview-total>
        <span dir="ltr"
          >${totals.total === undefined
            ? `${typedAmount(token, amount)} ${token.symbol} + ${feeText}`
            : `${formatAmount(totals.total, { decimals: Math.max(FEE_DECIMALS, typedDecimals(token, amount)) })} ${native.symbol}`}</span
        >
      </dd>`;
  }

  override render() {
    const namespace = this.network.value?.chainNamespace;
    if (!chainRules(namespace)) return html`<p class="empty" role="alert">${sendProblemText('UNSUPPORTED', '')}</p>`;
    return this.send.value.step === 'preview' ? this.renderPreview() : this.renderForm();
  }
}
