import { html, nothing, svg } from 'lit';
import { state } from 'lit/decorators.js';
import type { W3UiTextInput } from '../../primitives/text-input/text-input.element.js';
import { $activeAccount } from '../../../stores/connection/account.js';
import { $activeNetwork } from '../../../stores/network/networks.js';
import { pushView } from '../../../stores/ui/router.js';
import { defineUiTokenPicker } from '../../primitives/token-picker/token-picker.js';
import {
  $swap,
  $swapDetails,
  isSwapNetwork,
  leaveSwap,
  resetSwap,
  setAmount,
  setFromToken,
  setMax,
  setSlippage,
  setToToken,
  switchTokens,
  unitPrice,
  type SwapProblem,
  type SwapTokenInfo,
} from '../../../stores/swap/swap.js';
import { msg, str } from '../../base/localize.js';
import { StoreController } from '../../base/store-controller.js';
import { StepFocusController } from '../../base/step-focus.js';
import { W3Element } from '../../base/w3-element.js';
import { formatAmount, formatBalance, formatFiat } from '../../l10n/format.js';
import { viewStyles } from '../view.styles.js';
import { swapStyles } from './swap.styles.js';
import { swapAction, swapFailureText, swapProblemText, unitsText } from './swap-texts.js';
import { pickerToken } from './swap-token.js';

const switchIcon = svg`<svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" aria-hidden="true"><path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4"/></svg>`;

/** The slippage presets (percent). */
const SLIPPAGE_PRESETS = ['0.1', '0.5', '1'];

/** A fiat value of `amount` whole tokens at `price`; nothing when the price is unknown. */
const fiat = (amount: number, price: number) => (price > 0 && amount > 0 ? `≈ ${formatFiat(amount * price)}` : '');

defineUiTokenPicker();

/**
 * @summary Swap: the token to pay with (a chip opening a searchable list; balance, Max, fiat value) and the token to receive (the
 * quoted amount), a switch between them, the price, price impact, network fee, minimum received
 * and slippage tolerance; the main button says what is missing, or 'Approve' / 'Review swap'.
 */
export class W3SwapView extends W3Element {
  static override readonly tagName = 'w3-swap-view';
  static override styles = [viewStyles, swapStyles];

  /** Listening loads the DEX's tokens, the balances and, once typing pauses, the quote. */
  private readonly swap = new StoreController(this, $swap);
  private readonly details = new StoreController(this, $swapDetails);
  private readonly network = new StoreController(this, $activeNetwork);
  private readonly account = new StoreController(this, $activeAccount);
  /** The slippage field is open for editing. */
  @state() private editingSlippage = false;
  /**
   * Editing the slippage is a step: its field, then the Edit button, get the focus (the view host
   * focuses `data-step-focus`). Enter in the field is kept from its keypress: it would press the
   * Edit button focused meanwhile (and submit the form).
   */
  private readonly stepFocus = new StepFocusController(this, () => this.editingSlippage);

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    leaveSwap();
  }

  /** The network and account the form was loaded for: another one (the wallet or the user switched) starts it over. */
  private loadedFor: string | undefined;

  protected override willUpdate(): void {
    const network = this.network.value;
    const id = `${network?.caipNetworkId}|${this.account.value.address}`;
    // The tokens of the new chain load by themselves (a fetcher store keyed by the chain).
    if (this.loadedFor !== undefined && id !== this.loadedFor) resetSwap();
    this.loadedFor = id;
  }

  protected override async firstUpdated(): Promise<void> {
    const input = this.renderRoot.querySelector<W3UiTextInput>('w3-ui-text-input[data-amount]');
    await input?.updateComplete;
    input?.focus();
  }

  /** The token chip of a card, opening the searchable list: named by the card's heading and the symbol ('You pay ETH'). */
  private tokenPicker(side: 'from' | 'to', token: SwapTokenInfo | undefined, title: string) {
    return html`<w3-ui-token-picker
      class="token"
      data-side=${side}
      label=${title}
      .tokens=${this.swap.value.tokens.map(pickerToken)}
      .value=${token?.id ?? ''}
      @w3-token-change=${(e: CustomEvent<{ id: string }>) => (side === 'to' ? setToToken(e.detail.id) : setFromToken(e.detail.id))}
    ></w3-ui-token-picker>`;
  }

  private renderFrom() {
    const { from, amount, parsedAmount, amountProblem } = this.swap.value;
    const problem = amountProblem && amountProblem !== 'SAME_TOKEN' ? swapProblemText(amountProblem, from?.decimals) : undefined;
    const payTitle = msg('You pay', { id: 'swap-from-title', desc: 'Swap view: heading of the card of the token paid' });
    return html`<section class="card" aria-labelledby="w3-swap-from">
      <div class="card-head">
        <span id="w3-swap-from">${payTitle}</span>
        ${this.tokenPicker('from', from, payTitle)}
      </div>
      <w3-ui-text-input
        data-amount
        hide-label
        label=${msg('Amount to swap', { id: 'swap-amount-label', desc: 'Swap view: label of the amount field' })}
        placeholder="0.0"
        inputmode="decimal"
        autocomplete="off"
        .value=${amount}
        .error=${problem}
        @w3-input=${(e: CustomEvent<{ value: string }>) => setAmount(e.detail.value)}
        @w3-submit=${() => this.proceed()}
      ></w3-ui-text-input>
      <div class="hint">
        <span data-from-fiat>${from && parsedAmount?.ok ? fiat(Number(parsedAmount.value), from.price) : ''}</span>
        ${from
          ? html`<span data-from-balance>
              ${msg(str`Balance ${formatBalance(from.balance)} ${from.symbol}`)}
              <w3-ui-button size="sm" variant="ghost" label=${msg('Max amount')} @click=${() => setMax()}
                >${msg('Max', { id: 'swap-max', desc: 'Swap view: button that fills in the whole balance' })}</w3-ui-button
              >
            </span>`
          : nothing}
      </div>
    </section>`;
  }

  private renderTo() {
    const { to, status } = this.swap.value;
    const { quote } = this.details.value;
    const out = quote && to ? unitsText(quote.toAmount, to.decimals) : '';
    const outWhole = quote && to ? Number(quote.toAmount) / 10 ** to.decimals : 0;
    const receiveTitle = msg('You receive', { id: 'swap-to-title', desc: 'Swap view: heading of the card of the token received' });
    return html`<section class="card" aria-labelledby="w3-swap-to">
      <div class="card-head">
        <span id="w3-swap-to">${receiveTitle}</span>
        ${this.tokenPicker('to', to, receiveTitle)}
      </div>
      <output
        class="out"
        data-to-amount
        aria-labelledby="w3-swap-to"
        aria-live="polite"
        aria-busy=${status === 'quoting' ? 'true' : 'false'}
        dir="ltr"
        >${status === 'quoting'
          ? msg('Getting quote…', { id: 'swap-action-quoting', desc: 'Swap view: main button while the quote loads' })
          : out}</output
      >
      <div class="hint">
        <span data-to-fiat>${to ? fiat(outWhole, to.price) : ''}</span>
        ${to ? html`<span>${msg(str`Balance ${formatBalance(to.balance)} ${to.symbol}`)}</span>` : nothing}
      </div>
    </section>`;
  }

  private renderDetails() {
    const { from, to, slippage, slippageProblem } = this.swap.value;
    const { quote, networkFeeWei, minimumReceived } = this.details.value;
    const native = this.network.value?.nativeCurrency;
    const nativePrice = this.swap.value.tokens.find((t) => t.symbol === native?.symbol)?.price ?? 0;
    const fee = networkFeeWei !== undefined && native ? unitsText(networkFeeWei, native.decimals) : undefined;
    const feeFiat = networkFeeWei !== undefined && native ? fiat(Number(networkFeeWei) / 10 ** native.decimals, nativePrice) : '';
    const slippageRow = this.editingSlippage
      ? this.renderSlippageEditor(slippage, slippageProblem)
      : html`<span data-slippage-value>${slippage}%</span>
          <button
            type="button"
            class="edit"
            data-step-focus
            aria-label=${msg('Edit slippage tolerance', {
              id: 'swap-slippage-edit',
              desc: 'Swap view: name of the button that edits the slippage',
            })}
            @click=${() => (this.editingSlippage = true)}
          >
            ${msg('Edit', { id: 'swap-slippage-edit-short', desc: 'Swap view: visible text of the button that edits the slippage' })}
          </button>`;
    return html`<dl>
      ${quote && from && to
        ? html`<dt>${msg('Price', { id: 'swap-price', desc: 'Swap view: label of the exchange rate' })}</dt>
            <dd data-price dir="ltr">1 ${from.symbol} = ${formatAmount(unitPrice(quote, from, to), { decimals: 6 })} ${to.symbol}</dd>
            <dt>${msg('Price impact', { id: 'swap-impact', desc: 'Swap view: label of how much the trade moves the price' })}</dt>
            <dd data-impact dir="ltr">
              ${quote.priceImpact !== undefined ? `${formatAmount(quote.priceImpact, { decimals: 2 })}%` : '–'}
            </dd>`
        : nothing}
      ${fee
        ? html`<dt>${msg('Network fee')}</dt>
            <dd data-fee dir="ltr">${fee} ${native?.symbol} ${feeFiat}</dd>`
        : nothing}
      ${minimumReceived !== undefined && to
        ? html`<dt>${msg('Minimum received', { id: 'swap-minimum', desc: 'Swap view: label of the least amount the swap gives' })}</dt>
            <dd data-minimum dir="ltr">${unitsText(minimumReceived, to.decimals)} ${to.symbol}</dd>`
        : nothing}
      <dt id="w3-swap-slippage">
        ${msg('Slippage tolerance', { id: 'swap-slippage', desc: 'Swap view: label of the slippage tolerance' })}
      </dt>
      <dd class=${this.editingSlippage ? 'slippage-edit' : ''}>${slippageRow}</dd>
    </dl>`;
  }

  /**
   * The slippage editor, under its one label (the row's): the presets as a radio group and a
   * custom field. Enter keeps the focus on the editor (not the form's submit) and closes it.
   */
  private renderSlippageEditor(slippage: string, problem: SwapProblem | undefined) {
    const custom = SLIPPAGE_PRESETS.includes(slippage) ? '' : slippage;
    const close = () => !problem && (this.editingSlippage = false);
    return html`<div
      class="slippage"
      role="radiogroup"
      aria-labelledby="w3-swap-slippage"
      @keydown=${(e: KeyboardEvent) => e.key === 'Enter' && (e.preventDefault(), e.target instanceof HTMLInputElement && close())}
    >
      ${SLIPPAGE_PRESETS.map(
        (value) =>
          html`<label class="preset"
            ><input
              type="radio"
              name="w3-swap-slippage"
              data-preset=${value}
              .checked=${slippage === value}
              @change=${() => setSlippage(value)}
            /><span dir="ltr">${value}%</span></label
          >`,
      )}
      <w3-ui-text-input
        data-slippage
        data-step-focus
        hide-label
        label=${msg('Custom slippage tolerance (%)', {
          id: 'swap-slippage-custom-label',
          desc: 'Swap view: accessible name of the field for a slippage other than the presets',
        })}
        placeholder=${msg('Custom', { id: 'swap-slippage-custom', desc: 'Swap view: placeholder of the custom slippage field' })}
        inputmode="decimal"
        autocomplete="off"
        .value=${custom}
        .error=${problem ? swapProblemText(problem) : undefined}
        @w3-input=${(e: CustomEvent<{ value: string }>) => e.detail.value.trim() !== '' && setSlippage(e.detail.value)}
        @w3-submit=${close}
      ></w3-ui-text-input>
    </div>`;
  }

  private proceed(): void {
    if (swapAction(this.swap.value, this.details.value).enabled) pushView('SwapPreview');
  }

  override render() {
    if (!isSwapNetwork(this.network.value)) return html`<p class="empty" role="alert">${msg('Network not supported for Swaps')}</p>`;
    const { loadingTokens, status, error } = this.swap.value;
    const action = swapAction(this.swap.value, this.details.value);
    return html`<form
      novalidate
      aria-busy=${loadingTokens ? 'true' : 'false'}
      @submit=${(e: Event) => (e.preventDefault(), this.proceed())}
    >
      ${this.renderFrom()}
      <button
        type="button"
        class="switch"
        aria-label=${msg('Switch tokens', { id: 'swap-switch', desc: 'Swap view: name of the button that swaps the two tokens' })}
        @click=${() => switchTokens()}
      >
        ${switchIcon}
      </button>
      ${this.renderTo()} ${this.renderDetails()}
      <p class="error" role="alert" data-swap-error>${status === 'error' && error ? swapFailureText(error) : ''}</p>
      <w3-ui-button full-width data-action ?disabled=${!action.enabled} @click=${() => this.proceed()}>${action.label}</w3-ui-button>
    </form>`;
  }
}
