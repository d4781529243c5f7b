import { css, html, nothing } from 'lit';
import {
  $onramp,
  $onrampOffers,
  getQuote,
  limitsOf,
  MOCKED_QUOTE_ID,
  providerOf,
  setPaymentAmount,
  type AmountProblem,
} from '../../../stores/onramp/onramp.js';
import { openProvider } from '../../../stores/onramp/purchase.js';
import { pushView } from '../../../stores/ui/router.js';
import { formatAmount } from '../../../core/format.js';
import { ONRAMP_SHOWN_DECIMALS } from '../../../wire/onramp-api.js';
import { StoreController } from '../../base/store-controller.js';
import { msg, str } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { reservedMessageStyles } from '../../primitives/text-input/reserved-message.styles.js';
import { unavailableText } from '../onramp-providers/offer-text.js';

/** A fiat amount with grouped thousands and 2 decimals ('7,500.00'). */
const money = (amount: string) =>
  Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true });

/** The words of an amount's problem (a function: the texts follow the active locale). */
export function amountProblemText(problem: AmountProblem): string {
  if (problem.code === 'INVALID') return msg('Enter an amount such as 100 or 99.50');
  if (problem.code === 'BELOW_MIN') return msg(str`The minimum is ${money(problem.min)} ${problem.currency}`);
  return msg(str`The maximum is ${money(problem.max)} ${problem.currency}`);
}

/**
 * @summary OnRampBuy: what to buy (a captioned button opening OnRampTokenSelect), what to pay with (a
 * captioned button opening OnRampFiatSelect), the amount within the payment method's limits, and the quote (fees,
 * total, what you get); 'Continue' opens the provider's page in a popup and shows BuyInProgress.
 * Only what the provider sells on the active network is offered; when that is nothing the view
 * says so and offers no Continue.
 */
export class W3OnRampBuyView extends W3Element {
  static override readonly tagName = 'w3-on-ramp-buy-view';
  static override styles = [
    viewStyles,
    reservedMessageStyles,
    css`
      form {
        display: flex;
        flex-direction: column;
        gap: 12px;
      }
      .currencies {
        display: flex;
        gap: 8px;
      }
      .currency {
        display: flex;
        flex: 1;
        flex-direction: column;
        gap: 4px;
        min-width: 0;
      }
      .caption {
        color: var(--w3i-fg-muted);
        font: 500 var(--w3i-text-xs) / 1.4 var(--w3i-font-family);
      }
      dl {
        display: grid;
        grid-template-columns: 1fr auto;
        gap: 4px 12px;
        margin: 0;
      }
      dt {
        color: var(--w3i-fg-muted);
      }
      dd {
        margin: 0;
        text-align: end;
        font-variant-numeric: tabular-nums;
      }
      .hint {
        color: var(--w3i-fg-muted);
        font-size: var(--w3i-text-xs);
      }
      .notice {
        display: flex;
        flex-direction: column;
        gap: 4px;
        margin: 0;
      }
    `,
  ];

  /** Listening loads the options and, as the amount is typed, the quote. */
  private readonly onramp = new StoreController(this, $onramp);
  private readonly offers = new StoreController(this, $onrampOffers);

  private renderQuote() {
    const { quote, quotesLoading, error, paymentAmount } = this.onramp.value;
    if (quotesLoading) return html`<p class="hint" role="status" data-quote-loading>${msg('Getting a quote…')}</p>`;
    if (!quote || error || !paymentAmount) return nothing;
    // The decimals the checkout shows too: fiat with 2, the crypto bought with 6, truncated (the checkout pays the exact amount).
    const amount = (a: { amount: string; currency: string }, decimals: number = ONRAMP_SHOWN_DECIMALS.fiat) =>
      `${formatAmount(a.amount, { decimals })} ${a.currency}`;
    return html`<dl data-quote aria-live="polite">
        <dt>${msg('Provider fee')}</dt>
        <dd>${amount(quote.coinbaseFee)}</dd>
        <dt>${msg('Network fee')}</dt>
        <dd>${amount(quote.networkFee)}</dd>
        <dt>${msg('Total', { id: 'onramp-total', desc: 'On-ramp buy view: the total paid, fees included' })}</dt>
        <dd data-total>${amount(quote.paymentTotal)}</dd>
        <dt>${msg('You get')}</dt>
        <dd data-you-get>${amount(quote.purchaseAmount, ONRAMP_SHOWN_DECIMALS.crypto)}</dd>
      </dl>
      ${quote.quoteId === MOCKED_QUOTE_ID
        ? html`<p class="hint" data-placeholder-quote>${msg('No quote available now: the provider gives the final price.')}</p>`
        : nothing}`;
  }

  override render() {
    const { purchaseCurrency, paymentCurrency, paymentAmount, error, optionsSource, loading, quotesLoading } = this.onramp.value;
    const limits = limitsOf(paymentCurrency);
    const currency = paymentCurrency?.id ?? 'USD';
    const provider = providerOf(this.onramp.value);
    const unavailable = this.offers.value?.find((o) => o.provider.name === provider.name)?.unavailable;
    const ready = Boolean(purchaseCurrency && paymentCurrency && paymentAmount && !error && !quotesLoading && !unavailable);
    return html`<form @submit=${(ev: Event) => ev.preventDefault()}>
      ${optionsSource === 'sample'
        ? html`<p class="hint" role="status" data-sample-options>${msg('The on-ramp service is unavailable: showing sample options.')}</p>`
        : nothing}
      ${unavailable
        ? html`<p class="notice" role="status" data-nothing-to-buy>
            <strong>${msg(str`Nothing to buy from ${provider.label} on this network`)}</strong>
            <span class="hint">${unavailableText(unavailable)}</span>
          </p>`
        : nothing}
      <div class="currencies">
        <div class="currency">
          <span class="caption" data-caption
            >${msg('Currency to buy', {
              id: 'onramp-buy-currency-caption',
              desc: 'On-ramp buy view: caption of the button choosing the crypto to buy',
            })}</span
          >
          <w3-ui-button
            variant="secondary"
            data-purchase-currency
            ?disabled=${loading || unavailable !== undefined}
            label=${msg(str`Buy ${purchaseCurrency?.symbol ?? '…'}: choose the currency to buy`)}
            @click=${() => pushView('OnRampTokenSelect')}
            >${purchaseCurrency?.symbol ?? '…'}</w3-ui-button
          >
        </div>
        <div class="currency">
          <span class="caption" data-caption
            >${msg('Currency to pay with', {
              id: 'onramp-pay-currency-caption',
              desc: 'On-ramp buy view: caption of the button choosing the money to pay with',
            })}</span
          >
          <w3-ui-button
            variant="secondary"
            data-payment-currency
            ?disabled=${loading}
            label=${msg(str`Pay in ${currency}: choose the currency to pay with`)}
            @click=${() => pushView('OnRampFiatSelect')}
            >${currency}</w3-ui-button
          >
        </div>
      </div>
      <div>
        <w3-ui-text-input
          label=${msg(str`Amount in ${currency}`)}
          placeholder="0.00"
          inputmode="decimal"
          autocomplete="off"
          .value=${paymentAmount}
          .error=${error ? amountProblemText(error) : undefined}
          @w3-input=${(ev: CustomEvent<{ value: string }>) => setPaymentAmount(ev.detail.value)}
          @w3-submit=${() => void getQuote()}
        ></w3-ui-text-input>
        <p class="hint" data-limits>${msg(str`Card limits: ${money(limits.min)} to ${money(limits.max)} ${currency}`)}</p>
      </div>
      ${unavailable ? nothing : this.renderQuote()}
      ${unavailable
        ? nothing
        : html`<w3-ui-button full-width ?disabled=${!ready} data-continue @click=${() => void openProvider(provider)}
            >${msg('Continue', {
              id: 'onramp-continue',
              desc: "On-ramp buy view: button that opens the provider's checkout",
            })}</w3-ui-button
          >`}
    </form>`;
  }
}
