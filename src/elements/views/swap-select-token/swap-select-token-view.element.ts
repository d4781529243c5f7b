import { css, html, nothing } from 'lit';
import { state } from 'lit/decorators.js';
import type { W3UiTextInput } from '../../primitives/text-input/text-input.element.js';
import { $router, popView } from '../../../stores/ui/router.js';
import { $swap, setFromToken, setToToken, type SwapTokenInfo } from '../../../stores/swap/swap.js';
import { msg } from '../../base/localize.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { formatBalance, formatFiat } from '../../l10n/format.js';
import { viewStyles } from '../view.styles.js';
import { swapStyles } from '../swap/swap.styles.js';
import { tokenIcon } from '../swap/swap-token.js';

/** Whether `token` matches the search `query` (symbol, name or address, any case). */
export const tokenMatches = (token: SwapTokenInfo, query: string): boolean => {
  const q = query.trim().toLowerCase();
  return q === '' || [token.symbol, token.name, token.id.split(':')[2] ?? ''].some((v) => v.toLowerCase().includes(q));
};

/**
 * @summary SwapSelectToken: a searchable list of the DEX's tokens for the side the Swap view
 * asked for (router data `side`: 'from' or 'to'): the tokens the account holds first, with
 * balances and values, then the others (each token once); choosing one goes back to Swap.
 */
export class W3SwapSelectTokenView extends W3Element {
  static override readonly tagName = 'w3-swap-select-token-view';
  static override styles = [
    viewStyles,
    swapStyles,
    css`
      h3 {
        margin-block: 12px 6px;
        color: var(--w3i-fg-muted);
        font-size: var(--w3i-text-xs);
        text-transform: uppercase;
        letter-spacing: 0.04em;
      }
    `,
  ];

  private readonly swap = new StoreController(this, $swap);
  /** The side being picked, read once: going back clears the router's data. */
  private readonly side: 'from' | 'to' = $router.get().data?.side === 'to' ? 'to' : 'from';
  @state() private query = '';
  /** Arrow keys, Home and End move between tokens; each list is one tab stop. */
  private readonly roving = new RovingFocusController(this, {
    lists: 'ul.stack',
    items: ':scope > li > w3-ui-list-item',
    orientation: 'vertical',
  });

  protected override async firstUpdated(): Promise<void> {
    const input = this.renderRoot.querySelector<W3UiTextInput>('w3-ui-text-input');
    await input?.updateComplete;
    input?.focus();
  }

  private choose(token: SwapTokenInfo): void {
    if (this.side === 'to') setToToken(token.id);
    else setFromToken(token.id);
    popView();
  }

  private renderToken(token: SwapTokenInfo, chosen: string | undefined) {
    const held = Number(token.balance) > 0;
    const value = held && token.price > 0 ? ` · ${formatFiat(Number(token.balance) * token.price)}` : '';
    return html`<li>
      <w3-ui-list-item
        data-token=${token.symbol}
        .tag=${held ? `${formatBalance(token.balance)}${value}` : undefined}
        ?selected=${chosen?.toLowerCase() === token.id.toLowerCase()}
        @click=${() => this.choose(token)}
      >
        <span slot="image">${tokenIcon(token)}</span>
        <span dir="ltr">${token.symbol}</span> <span class="muted">${token.name}</span>
      </w3-ui-list-item>
    </li>`;
  }

  override render() {
    const { tokens, from, to, loadingTokens } = this.swap.value;
    const chosen = this.side === 'to' ? to?.id : from?.id;
    const shown = tokens.filter((t) => tokenMatches(t, this.query));
    const held = shown.filter((t) => Number(t.balance) > 0);
    const yours = msg('Your tokens', { id: 'swap-list-yours', desc: 'Swap token list: heading of the tokens the user holds' });
    const all = msg('All tokens', { id: 'swap-list-all', desc: 'Swap token list: heading of every token the exchange trades' });
    return html`<w3-ui-text-input
        type="search"
        label=${msg('Search tokens', { id: 'swap-search-label', desc: 'Swap token list: label of the search field' })}
        placeholder=${msg('Name, symbol or address', {
          id: 'swap-search-placeholder',
          desc: 'Swap token list: placeholder of the search field',
        })}
        autocomplete="off"
        .value=${this.query}
        @w3-input=${(e: CustomEvent<{ value: string }>) => (this.query = e.detail.value)}
      ></w3-ui-text-input>
      ${loadingTokens
        ? html`<div class="status" role="status">
            <w3-ui-spinner
              label=${msg('Loading tokens…', { id: 'swap-list-loading', desc: 'Swap token list: tokens are loading' })}
            ></w3-ui-spinner>
          </div>`
        : shown.length === 0
          ? html`<p class="empty" role="status">
              ${msg('No tokens found', { id: 'swap-list-empty', desc: 'Swap token list: nothing matches the search' })}
            </p>`
          : html`${held.length > 0
                ? html`<h3 id="w3-swap-yours">${yours}</h3>
                    <ul class="stack" aria-labelledby="w3-swap-yours">
                      ${held.map((t) => this.renderToken(t, chosen))}
                    </ul>`
                : nothing}
              <h3 id="w3-swap-all">${all}</h3>
              <ul class="stack" aria-labelledby="w3-swap-all">
                ${shown.filter((t) => !(Number(t.balance) > 0)).map((t) => this.renderToken(t, chosen))}
              </ul>`}`;
  }
}
