/**
 * The base of the on-ramp's two currency lists (OnRampTokenSelect, OnRampFiatSelect): the
 * options loaded when shown, a search field over the list, arrow keys through the rows, and a
 * pick that sets the currency and goes back. Each view says which currencies, which one is
 * chosen, and how a pick is stored.
 */
import { state } from 'lit/decorators.js';
import { $onramp, type OnrampState } from '../../../stores/onramp/onramp.js';
import { popView } from '../../../stores/ui/router.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { currencyListStyles, renderCurrencyList, type CurrencyItem } from './currency-list.js';

export abstract class CurrencySelectView extends W3Element {
  static override styles = [viewStyles, currencyListStyles];

  @state() private search = '';
  /** Listening loads the options. */
  private readonly onramp = new StoreController(this, $onramp);

  constructor() {
    super();
    // Arrow keys move through the rows (one tab stop).
    new RovingFocusController(this, { lists: 'ul.stack', items: ':scope > li > w3-ui-list-item', orientation: 'vertical' });
  }

  /** The rows of the list. */
  protected abstract items(state: OnrampState): CurrencyItem[];
  /** The id of the currency chosen now. */
  protected abstract selectedId(state: OnrampState): string | undefined;
  /** The list's accessible name. */
  protected abstract listLabel(): string;
  /** Stores the currency `id` names; false when the options have none. */
  protected abstract choose(id: string, state: OnrampState): boolean;

  override render() {
    const onramp = this.onramp.value;
    return renderCurrencyList({
      items: this.items(onramp),
      search: this.search,
      selected: this.selectedId(onramp),
      label: this.listLabel(),
      onSearch: (value) => (this.search = value),
      onPick: (id) => {
        if (this.choose(id, this.onramp.value)) popView();
      },
    });
  }
}
