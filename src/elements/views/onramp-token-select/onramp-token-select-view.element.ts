import { currentOffer, setPurchaseCurrency, type OnrampState } from '../../../stores/onramp/onramp.js';
import { msg } from '../../base/localize.js';
import type { CurrencyItem } from './currency-list.js';
import { CurrencySelectView } from './currency-select-view.js';

/**
 * @summary OnRampTokenSelect: the currencies the chosen provider sells on the active network, searchable;
 * arrow keys move through the list, Enter in the search picks the first; choosing one goes back.
 */
export class W3OnRampTokenSelectView extends CurrencySelectView {
  static override readonly tagName = 'w3-on-ramp-token-select-view';

  /** Only what the chosen provider sells on the active network (issue 28: nothing another network's). */
  protected items(state: OnrampState): CurrencyItem[] {
    return (currentOffer(state)?.currencies ?? []).map((c) => ({
      id: c.id,
      title: c.symbol,
      name: c.name,
      detail: [c.name, ...c.networks.map((n) => n.display_name)].join(' · '),
    }));
  }

  protected selectedId({ purchaseCurrency }: OnrampState): string | undefined {
    return purchaseCurrency?.id;
  }

  protected listLabel(): string {
    return msg('Currencies to buy');
  }

  protected choose(id: string, state: OnrampState): boolean {
    const currency = currentOffer(state)?.currencies.find((c) => c.id === id);
    if (currency) setPurchaseCurrency(currency);
    return currency !== undefined;
  }
}
