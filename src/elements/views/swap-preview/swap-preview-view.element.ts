import { html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import { $activeNetwork } from '../../../stores/network/networks.js';
import { popView } from '../../../stores/ui/router.js';
import { $swap, $swapDetails, leaveSwap } from '../../../stores/swap/swap.js';
import { approveSwap, clearSwapError, submitSwap } from '../../../stores/swap/swap-submit.js';
import { msg, str } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { swapStyles } from '../swap/swap.styles.js';
import { swapFailureText, unitsText } from '../swap/swap-texts.js';
import { tokenIcon } from '../swap/swap-token.js';

/**
 * @summary SwapPreview: what is paid and received, the minimum received, network fee and
 * slippage; then 'Approve' when the DEX may not spend enough of the token (once), then 'Swap'.
 * While a transaction confirms a spinner shows and the status is announced; a failure shows the
 * wallet's or the router's message with 'Try again', the inputs kept.
 */
export class W3SwapPreviewView extends W3Element {
  static override readonly tagName = 'w3-swap-preview-view';
  static override styles = [viewStyles, swapStyles];

  private readonly swap = new StoreController(this, $swap);
  private readonly details = new StoreController(this, $swapDetails);
  private readonly network = new StoreController(this, $activeNetwork);
  /** What the last failure was doing, so 'Try again' repeats it. */
  @state() private failed: 'approve' | 'swap' | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    leaveSwap();
  }

  private approve(): void {
    this.failed = undefined;
    approveSwap().catch(() => (this.failed = 'approve'));
  }

  private confirm(): void {
    this.failed = undefined;
    submitSwap().catch(() => (this.failed = 'swap'));
  }

  private retry(): void {
    clearSwapError();
    if (this.failed === 'approve') this.approve();
    else this.confirm();
  }

  private renderStatus() {
    const { status, error } = this.swap.value;
    const busy = status === 'approving' || status === 'swapping';
    const text =
      status === 'approving'
        ? msg('Approving…', { id: 'swap-status-approving', desc: 'Swap preview: the approval transaction is confirming' })
        : status === 'swapping'
          ? msg('Swapping…', { id: 'swap-status-swapping', desc: 'Swap preview: the swap transaction is confirming' })
          : '';
    return html`<div class="status" role="status" aria-live="polite" data-swap-status>
        ${busy ? html`<w3-ui-spinner></w3-ui-spinner>` : nothing}<span>${text}</span>
      </div>
      <p class="error" role="alert" data-swap-error>${status === 'error' && error ? swapFailureText(error) : ''}</p>`;
  }

  private renderActions() {
    const { status, slippageProblem } = this.swap.value;
    const { needsApproval, quote } = this.details.value;
    const from = this.swap.value.from!;
    const busy = status === 'approving' || status === 'swapping';
    if (status === 'error' && this.failed)
      return html`<div class="actions">
        <w3-ui-button variant="secondary" @click=${() => popView()}>${msg('Back to edit')}</w3-ui-button>
        <w3-ui-button data-retry @click=${() => this.retry()}
          >${msg('Try again', { id: 'swap-retry', desc: 'Swap preview: button that repeats the failed transaction' })}</w3-ui-button
        >
      </div>`;
    const blocked = busy || !quote || slippageProblem !== undefined;
    // Until the wallet sent the transaction (its hash known) the wait is on the wallet.
    const { approveHash, swapHash } = this.swap.value;
    const inWallet = (status === 'approving' && !approveHash) || (status === 'swapping' && !swapHash) ? 'wallet' : nothing;
    return html`<div class="actions">
      <w3-ui-button variant="secondary" ?disabled=${busy} @click=${() => popView()}>${msg('Back to edit')}</w3-ui-button>
      ${needsApproval
        ? html`<w3-ui-button
            data-approve
            aria-busy=${busy ? 'true' : 'false'}
            pending=${inWallet}
            ?disabled=${blocked}
            @click=${() => this.approve()}
            >${msg(str`Approve ${from.symbol}`, {
              id: 'swap-action-approve',
              desc: 'Swap view: main button when the token must be approved first',
            })}</w3-ui-button
          >`
        : html`<w3-ui-button
            data-confirm
            aria-busy=${busy ? 'true' : 'false'}
            pending=${inWallet}
            ?disabled=${blocked}
            @click=${() => this.confirm()}
            >${msg('Swap', { id: 'swap-confirm', desc: 'Swap preview: button that sends the swap' })}</w3-ui-button
          >`}
    </div>`;
  }

  override render() {
    const { from, to, amount, parsedAmount, slippage } = this.swap.value;
    const { quote, minimumReceived, networkFeeWei, needsApproval } = this.details.value;
    if (!from || !to || !parsedAmount?.ok)
      return html`<p class="empty" role="status">
        ${msg('Nothing to swap yet', { id: 'swap-preview-empty', desc: 'Swap preview: opened without a complete form' })}
      </p>`;
    const native = this.network.value?.nativeCurrency;
    return html`<dl>
        <dt>${msg('You pay', { id: 'swap-from-title', desc: 'Swap view: heading of the card of the token paid' })}</dt>
        <dd data-preview-pay dir="ltr">${tokenIcon(from)} ${amount} ${from.symbol}</dd>
        <dt>${msg('You receive', { id: 'swap-to-title', desc: 'Swap view: heading of the card of the token received' })}</dt>
        <dd data-preview-receive dir="ltr">${tokenIcon(to)} ${quote ? unitsText(quote.toAmount, to.decimals) : '–'} ${to.symbol}</dd>
        ${minimumReceived !== undefined
          ? html`<dt>${msg('Minimum received', { id: 'swap-minimum', desc: 'Swap view: label of the least amount the swap gives' })}</dt>
              <dd data-preview-minimum dir="ltr">${unitsText(minimumReceived, to.decimals)} ${to.symbol}</dd>`
          : nothing}
        ${networkFeeWei !== undefined && native
          ? html`<dt>${msg('Network fee')}</dt>
              <dd dir="ltr">${unitsText(networkFeeWei, native.decimals)} ${native.symbol}</dd>`
          : nothing}
        <dt>${msg('Slippage tolerance', { id: 'swap-slippage', desc: 'Swap view: label of the slippage tolerance' })}</dt>
        <dd dir="ltr">${slippage}%</dd>
      </dl>
      ${needsApproval
        ? html`<p class="muted" data-approve-note>
            ${msg(str`First allow the exchange to spend your ${from.symbol}; then swap.`, {
              id: 'swap-approve-note',
              desc: 'Swap preview: why an approval transaction comes first',
            })}
          </p>`
        : nothing}
      ${this.renderStatus()} ${this.renderActions()}`;
  }
}
