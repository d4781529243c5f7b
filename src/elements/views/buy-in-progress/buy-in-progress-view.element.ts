import { css, html, nothing, type PropertyValues } from 'lit';
import { $purchase, finishPurchase, reopenCheckout, type PurchaseState } from '../../../stores/onramp/purchase.js';
import { popView } from '../../../stores/ui/router.js';
import { StoreController } from '../../base/store-controller.js';
import { StepFocusController } from '../../base/step-focus.js';
import { msg, str } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { errorMessage } from '../../l10n/errors.js';
import { linkStyles, viewStyles } from '../view.styles.js';
import { formatAmount } from '../../../core/format.js';

/** The crypto bought, with at most 6 decimals (truncated). */
const shownAmount = (amount: string) => formatAmount(amount, { decimals: Math.min(6, (amount.split('.')[1] ?? '').length) });

/** The step a status shows (the texts of renderState): waiting while it opens, one step for an expiry. */
const stepOf = (status: PurchaseState['status']) =>
  status === 'idle' || status === 'opening' ? 'waiting' : status === 'timeout' ? 'expired' : status;

/** How long the success shows before the Account view (with the purchase in its Activity) follows. */
export const SUCCESS_SHOWN_MS = 2500;

/**
 * @summary BuyInProgress: waits for the purchase made in the provider's popup (a spinner, 'Waiting
 * for your purchase'), then says it is complete and goes to the Account view, whose balance and
 * Activity show it. A blocked popup gets a button and a link to open the checkout; a popup closed
 * unpaid, an expired checkout or a failure say so, with a way back.
 */
export class W3BuyInProgressView extends W3Element {
  static override readonly tagName = 'w3-buy-in-progress-view';
  static override styles = [
    viewStyles,
    linkStyles,
    css`
      :host {
        text-align: center;
      }
      .body {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 12px;
        padding: 16px 8px;
      }
      .actions {
        display: flex;
        gap: 8px;
        justify-content: center;
      }
    `,
  ];

  private readonly purchase = new StoreController(this, $purchase);
  /** A new state of the purchase gets the focus on its heading (the view host focuses `data-step-focus`). */
  private readonly stepFocus = new StepFocusController(this, () => stepOf(this.purchase.value.status));
  private timer: ReturnType<typeof setTimeout> | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.timer);
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if (this.purchase.value.status === 'paid' && this.timer === undefined)
      this.timer = setTimeout(() => finishPurchase(), SUCCESS_SHOWN_MS);
  }

  private back() {
    return html`<w3-ui-button variant="secondary" data-back @click=${() => popView()}
      >${msg('Back', { id: 'onramp-back', desc: 'Buy in progress view: button that goes back to the amount' })}</w3-ui-button
    >`;
  }

  private again() {
    return html`<w3-ui-button data-reopen @click=${() => reopenCheckout()}>${msg('Open the checkout again')}</w3-ui-button>`;
  }

  private failureText({ failure, error }: PurchaseState): string {
    if (failure === 'NO_API') return msg('The on-ramp needs the Blockchain API, which this app does not configure.');
    if (failure === 'NOT_CONNECTED') return msg('Connect a wallet first.');
    if (failure === 'NOT_SOLD_HERE') return msg('This provider does not sell this currency on the active network.');
    return errorMessage(error);
  }

  private renderState(state: PurchaseState) {
    const { status, url, bought, provider } = state;
    switch (status) {
      case 'paid':
        return html`<h3 tabindex="-1" data-step-focus>${msg('Purchase complete')}</h3>
          ${bought ? html`<p data-bought>${msg(str`You received ${shownAmount(bought.amount)} ${bought.currency}`)}</p>` : nothing}
          <w3-ui-button data-done @click=${() => finishPurchase()}>${msg('View account')}</w3-ui-button>`;
      case 'blocked':
        return html`<h3 tabindex="-1" data-step-focus>${msg('The popup was blocked')}</h3>
          <p class="muted">${msg('Allow popups for this page, or open the checkout yourself.')}</p>
          <div class="actions">${this.again()}</div>
          ${url
            ? html`<a href=${url} target="_blank" rel="noopener noreferrer" data-checkout-link>${msg('Open the checkout in a new tab')}</a>`
            : nothing}
          ${this.back()}`;
      case 'closed':
        return html`<h3 tabindex="-1" data-step-focus>${msg('The checkout window was closed before paying')}</h3>
          <div class="actions">${this.back()} ${this.again()}</div>`;
      case 'expired':
      case 'timeout':
        return html`<h3 tabindex="-1" data-step-focus>${msg('The checkout expired and nothing was paid')}</h3>
          <div class="actions">${this.back()}</div>`;
      case 'failed':
        return html`<h3 tabindex="-1" data-step-focus>${msg('Could not open the checkout')}</h3>
          <p class="muted" data-error>${this.failureText(state)}</p>
          <div class="actions">${this.back()}</div>`;
      default:
        return html`<w3-ui-spinner label=${msg('Waiting for your purchase')}></w3-ui-spinner>
          <h3 tabindex="-1" data-step-focus>${msg('Waiting for your purchase')}</h3>
          <p class="muted">
            ${provider?.external
              ? msg("Finish in the provider's window. Your balance updates once the purchase arrives.")
              : msg('Pay in the checkout window. This view follows the payment.')}
          </p>
          <div class="actions">${this.back()}</div>`;
    }
  }

  override render() {
    return html`<div class="body" role="status" aria-live="polite">${this.renderState(this.purchase.value)}</div>`;
  }
}
