import { state } from 'lit/decorators.js';
import { $onramp, loadOptions, setPurchaseCurrency } from '../../../stores/onramp/onramp.js';
import { popView } from '../../../stores/ui/router.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { StoreController } from '../../base/store-controller.js';
import { msg } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { currencyListStyles, renderCurrencyList } from './currency-list.js';

/**
 * @summary OnRampTokenSelect: the currencies the on-ramp sells, with their networks, searchable;
 * arrow keys move through the list, Enter in the search picks the first; choosing one goes back.
 */
export class W3OnRampTokenSelectView extends W3Element {
  static override readonly tagName = 'w3-on-ramp-token-select-view';
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
    const currency = this.onramp.value.options?.purchaseCurrencies.find((c) => c.id === id);
    if (!currency) return;
    setPurchaseCurrency(currency);
    popView();
  }

  override render() {
    const { options, purchaseCurrency } = this.onramp.value;
    const items = (options?.purchaseCurrencies ?? []).map((c) => ({
      id: c.id,
      title: c.symbol,
      name: c.name,
      detail: [c.name, ...c.networks.map((n) => n.display_name)].join(' · '),
    }));
    return renderCurrencyList({
      items,
      search: this.search,
      selected: purchaseCurrency?.id,
      label: msg('Currencies to buy'),
      onSearch: (value) => (this.search = value),
      onPick: (id) => this.pick(id),
    });
  }
}
