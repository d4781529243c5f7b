import { state } from 'lit/decorators.js';
import { $onramp, limitsOf, loadOptions, setPaymentCurrency } from '../../../stores/onramp/onramp.js';
import { popView } from '../../../stores/ui/router.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { StoreController } from '../../base/store-controller.js';
import { msg, str } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { currencyListStyles, renderCurrencyList } from '../onramp-token-select/currency-list.js';

/**
 * @summary OnRampFiatSelect: the currencies to pay with, with their card limits, searchable; arrow
 * keys move through the list, Enter in the search picks the first; choosing one goes back.
 */
export class W3OnRampFiatSelectView extends W3Element {
  static override readonly tagName = 'w3-on-ramp-fiat-select-view';
  static override styles = [viewStyles, currencyListStyles];

  @state() private search = '';
  private readonly onramp = new StoreController(this, $onramp);
  private readonly roving = new RovingFocusController(this, {
    lists: 'ul.stack',
    items: ':scope > li > w3-ui-list-item',
    orientation: 'vertical',
  });

  override connectedCallback(): void {
    super.connectedCallback();
    void loadOptions();
  }

  private pick(id: string): void {
    const currency = this.onramp.value.options?.paymentCurrencies.find((c) => c.id === id);
    if (!currency) return;
    setPaymentCurrency(currency);
    popView();
  }

  override render() {
    const { options, paymentCurrency } = this.onramp.value;
    const items = (options?.paymentCurrencies ?? []).map((c) => {
      const { min, max } = limitsOf(c);
      return { id: c.id, title: c.id, name: c.id, detail: msg(str`Card ${min} to ${max}`) };
    });
    return renderCurrencyList({
      items,
      search: this.search,
      selected: paymentCurrency?.id,
      label: msg('Currencies to pay with'),
      onSearch: (value) => (this.search = value),
      onPick: (id) => this.pick(id),
    });
  }
}
