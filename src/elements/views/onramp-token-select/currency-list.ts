/** The on-ramp's searchable currency lists (OnRampTokenSelect, OnRampFiatSelect): a search field over a list of items. */
import { css, html, nothing } from 'lit';
import { msg } from '../../base/localize.js';

export interface CurrencyItem {
  id: string;
  /** The main text (a symbol or a currency code). */
  title: string;
  /** Searched too (the currency's name). */
  name: string;
  /** A second text (the name, the networks). */
  detail: string;
}

export const currencyListStyles = css`
  .search {
    margin-bottom: 12px;
  }
  .detail {
    display: block;
    color: var(--w3i-fg-muted);
    font-size: var(--w3i-text-xs);
  }
`;

/** The items whose title or name contains the search text (case-insensitive). */
export function filterItems(items: readonly CurrencyItem[], search: string): CurrencyItem[] {
  const q = search.trim().toLowerCase();
  return q ? items.filter((i) => i.title.toLowerCase().includes(q) || i.name.toLowerCase().includes(q)) : [...items];
}

export function renderCurrencyList(options: {
  items: readonly CurrencyItem[];
  search: string;
  selected: string | undefined;
  label: string;
  onSearch(value: string): void;
  onPick(id: string): void;
}) {
  const shown = filterItems(options.items, options.search);
  // Enter picks the first item and goes back; its key press must not then press the button that focus returns to.
  return html`<div class="search" @keydown=${(ev: KeyboardEvent) => ev.key === 'Enter' && ev.preventDefault()}>
      <w3-ui-text-input
        type="search"
        label=${msg('Search', { id: 'onramp-search', desc: 'On-ramp currency lists: label of the search field' })}
        hide-label
        placeholder=${msg('Search', { id: 'onramp-search', desc: 'On-ramp currency lists: label of the search field' })}
        autocomplete="off"
        .value=${options.search}
        @w3-input=${(ev: CustomEvent<{ value: string }>) => options.onSearch(ev.detail.value)}
        @w3-submit=${() => shown[0] && options.onPick(shown[0].id)}
      ></w3-ui-text-input>
    </div>
    ${shown.length === 0
      ? html`<p class="empty">${msg('No currency found')}</p>`
      : html`<ul class="stack" aria-label=${options.label}>
          ${shown.map(
            (item) =>
              html`<li>
                <w3-ui-list-item ?selected=${item.id === options.selected} data-currency=${item.id} @click=${() => options.onPick(item.id)}>
                  ${item.title} ${item.detail ? html`<span class="detail">${item.detail}</span>` : nothing}
                </w3-ui-list-item>
              </li>`,
          )}
        </ul>`}`;
}
