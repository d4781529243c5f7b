import { limitsOf, setPaymentCurrency, type OnrampState } from '../../../stores/onramp/onramp.js';
import { msg, str } from '../../base/localize.js';
import type { CurrencyItem } from '../onramp-token-select/currency-list.js';
import { CurrencySelectView } from '../onramp-token-select/currency-select-view.js';

/**
 * @summary OnRampFiatSelect: the currencies to pay with, with their card limits, searchable; arrow
 * keys move through the list, Enter in the search picks the first; choosing one goes back.
 */
export class W3OnRampFiatSelectView extends CurrencySelectView {
  static override readonly tagName = 'w3-on-ramp-fiat-select-view';

  protected items({ options }: OnrampState): CurrencyItem[] {
    return (options?.paymentCurrencies ?? []).map((c) => {
      const { min, max } = limitsOf(c);
      return { id: c.id, title: c.id, name: c.id, detail: msg(str`Card ${min} to ${max}`) };
    });
  }

  protected selectedId({ paymentCurrency }: OnrampState): string | undefined {
    return paymentCurrency?.id;
  }

  protected listLabel(): string {
    return msg('Currencies to pay with');
  }

  protected choose(id: string, { options }: OnrampState): boolean {
    const currency = options?.paymentCurrencies.find((c) => c.id === id);
    if (currency) setPaymentCurrency(currency);
    return currency !== undefined;
  }
}
