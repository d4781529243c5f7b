import { html } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { grid } from '@lit-labs/virtualizer/layouts/grid.js';
import { virtualize, virtualizerRef, type VirtualizerHostElement } from '@lit-labs/virtualizer/virtualize.js';
import type { RangeChangedEvent } from '@lit-labs/virtualizer/events.js';
import { $connectors, onePerWallet } from '../../../stores/connection/connectors.js';
import { connectWithConnector } from '../../../stores/connection/connect.js';
import { $walletList, installedConnectorFor, isInstalledConnector, type RegistryWallet } from '../../../stores/registry/wallet-list.js';
import { $allWallets, $walletSearch, fetchNextPage, retryAllWallets, searchWallets } from '../../../stores/registry/all-wallets.js';
import { selectRegistryWallet } from '../../../stores/registry/wallet-registry.js';
import { StoreController } from '../../base/store-controller.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { W3Element } from '../../base/w3-element.js';
import { messageText } from '../../l10n/messages.js';
import { viewStyles } from '../view.styles.js';
import { msg, str } from '../../base/localize.js';
import { allWalletsStyles } from './all-wallets.styles.js';
import { FIRST_LOAD_SKELETONS, NEXT_PAGE_SKELETONS, renderTile, skeletonTiles, type Tile } from './all-wallets-tiles.js';

/** The search's result count: one sentence per form. */
function walletsFound(count: number): string {
  return count === 1 ? msg('1 wallet found') : msg(str`${count} wallets found`);
}

/** How close to the end of the loaded tiles (in tiles) the next page is fetched: a page ahead. */
const PREFETCH_TILES = 40;
const layout = grid({ itemSize: { width: '76px', height: '96px' }, gap: '8px', justify: 'space-between' });

/**
 * @summary All Wallets: the installed wallets first, then the featured ones and the whole
 * registry in a virtualized grid with infinite scroll (pages of 40), and a search box. Skeleton
 * tiles stand in while the first page, a search or the next page loads (the grid is then
 * `aria-busy`); a search with no result says 'No wallet found' in a box as tall as the grid.
 */
export class W3AllWalletsView extends W3Element {
  static override readonly tagName = 'w3-all-wallets-view';
  static override styles = [viewStyles, allWalletsStyles];

  /** The stores load while listened: the featured wallets, the first page, a search's results. */
  private readonly all = new StoreController(this, $allWallets);
  private readonly search = new StoreController(this, $walletSearch);
  private readonly list = new StoreController(this, $walletList);
  private readonly connectors = new StoreController(this, $connectors);
  private term = '';
  /** The tiles rendered last (the grid's items, skeletons at the end). */
  private shown: Tile[] = [];
  /** All four arrows, Home and End move between tiles, also to tiles not rendered yet; the grid is one tab stop. */
  private readonly roving = new RovingFocusController(this, {
    lists: '.grid',
    items: ':scope > [role="listitem"] > button.tile',
    orientation: 'grid',
    virtual: {
      count: () => this.shown.filter((tile) => tile.kind !== 'skeleton').length,
      reveal: async (grid, index) => {
        const virtualizer = (grid as VirtualizerHostElement)[virtualizerRef];
        virtualizer?.element(index)?.scrollIntoView({ block: 'nearest' });
        await virtualizer?.layoutComplete;
      },
    },
  });

  override connectedCallback(): void {
    super.connectedCallback();
    // A new view has an empty search box: the search of an earlier one ends.
    if ($walletSearch.get().term) searchWallets('');
  }

  /** `data-loaded` and `data-total` say how much of the registry is loaded (for tests and the bench). */
  protected override updated(): void {
    this.dataset['loaded'] = String(this.all.value.wallets.length);
    this.dataset['total'] = String(this.all.value.count);
  }

  /** Installed wallets, then featured, then the pages: each wallet once. */
  private tiles(): Tile[] {
    // A wallet announced on several namespaces (one name) is one tile; choosing it connects them all.
    const installed = onePerWallet(this.connectors.value.filter(isInstalledConnector));
    /** An installed wallet's registry entry, when loaded: its icon stands in for a missing announced one. */
    const entries = new Map<string, RegistryWallet>();
    const registry: Tile[] = [];
    const seen = new Set<string>();
    for (const wallet of [...this.list.value.featured, ...this.all.value.wallets]) {
      if (seen.has(wallet.id)) continue;
      seen.add(wallet.id);
      const connector = installedConnectorFor(wallet, installed);
      if (connector) {
        if (!entries.has(connector.id)) entries.set(connector.id, wallet);
        continue;
      }
      registry.push({ kind: 'wallet', id: wallet.id, wallet, connector: undefined });
    }
    const tiles: Tile[] = [
      ...installed.map((connector): Tile => ({ kind: 'connector', id: `c:${connector.id}`, connector, wallet: entries.get(connector.id) })),
      ...registry,
    ];
    if (this.loadingPage()) tiles.push(...skeletonTiles(tiles.length === 0 ? FIRST_LOAD_SKELETONS : NEXT_PAGE_SKELETONS));
    return tiles;
  }

  /** True while a page of the registry loads, the first one included (before its request starts too). */
  private loadingPage(): boolean {
    const { loading, error, pages } = this.all.value;
    return !error && (loading || pages.length === 0);
  }

  private searchTiles(): Tile[] {
    const { results, status } = this.search.value;
    if (status === 'waiting' && results.length === 0) return skeletonTiles(FIRST_LOAD_SKELETONS);
    const connectors = this.connectors.value;
    return results.map((wallet) => ({ kind: 'wallet', id: wallet.id, wallet, connector: installedConnectorFor(wallet, connectors) }));
  }

  private readonly choose = (tile: Tile): void => {
    if (tile.kind === 'connector') connectWithConnector(tile.connector.id);
    else if (tile.kind === 'wallet') selectRegistryWallet(tile.wallet);
  };

  private onRange(e: RangeChangedEvent, total: number): void {
    // Tiles scrolled out of the DOM: keep the grid's tab stop, and focus, on a rendered tile.
    requestAnimationFrame(() => void this.roving.syncAll());
    if (this.search.value.term) return;
    if (e.last >= total - PREFETCH_TILES) void fetchNextPage();
  }

  private onInput(value: string): void {
    this.term = value;
    searchWallets(value);
  }

  /** One status line under the grid; while loading it is for screen readers only (the skeleton shows it). */
  private renderStatus(searching: boolean) {
    const { error, count } = this.all.value;
    if (searching) {
      const s = this.search.value;
      if (s.status === 'error')
        return html`<p class="status error" role="alert">${msg(str`Search failed: ${s.error ? messageText(s.error) : ''}`)}</p>`;
      if (s.status === 'waiting') return html`<p class="status" role="status"><span class="sr-only">${msg('Searching…')}</span></p>`;
      if (s.results.length === 0) return html`<p class="status" role="status"></p>`;
      return html`<p class="status" role="status">${walletsFound(s.results.length)}</p>`;
    }
    if (error) {
      return html`<p class="status error" role="alert">${msg(str`Could not load wallets: ${error}`)}</p>
        <w3-ui-button variant="secondary" size="sm" @click=${() => void retryAllWallets()}>${msg('Try again')}</w3-ui-button>`;
    }
    if (this.loadingPage()) return html`<p class="status" role="status"><span class="sr-only">${msg('Loading wallets…')}</span></p>`;
    return html`<p class="status" role="status">${count ? msg(str`${count} wallets`) : ''}</p>`;
  }

  override render() {
    if (this.list.value.status === 'off') {
      return html`<div class="empty">
        <p>${msg('No wallet registry')}</p>
        <p class="muted">
          ${msg('This app lists only the wallets installed in this browser: set a projectId and apiUrl to list more wallets.')}
        </p>
      </div>`;
    }
    const searching = Boolean(this.search.value.term);
    const tiles = searching ? this.searchTiles() : this.tiles();
    this.shown = tiles;
    const noResults = searching && this.search.value.status === 'ready' && tiles.length === 0;
    const busy = searching ? this.search.value.status === 'waiting' : this.loadingPage();
    return html`<div class="toolbar">
        <w3-ui-text-input
          label=${msg('Search wallet')}
          hide-label
          type="search"
          placeholder=${msg('Search wallet')}
          autocomplete="off"
          .value=${this.term}
          @w3-input=${(e: CustomEvent<{ value: string }>) => this.onInput(e.detail.value)}
        ></w3-ui-text-input>
      </div>
      ${noResults
        ? html`<div class="grid-empty"><p>${msg('No wallet found')}</p></div>`
        : // A new grid for each result list: the virtualizer is made for lists that grow, not shrink.
          keyed(
            searching ? this.search.value.results : 'all',
            html`<div
              class="grid"
              role="list"
              aria-label=${searching ? msg('Search results') : msg('All wallets')}
              aria-busy=${busy ? 'true' : 'false'}
              @rangeChanged=${(e: RangeChangedEvent) => this.onRange(e, tiles.length)}
            >
              ${virtualize({
                items: tiles,
                // The virtualizer may ask for keys past the end for a moment after the list shrinks.
                keyFunction: (tile: Tile | undefined, index: number) => tile?.id ?? `#${index}`,
                renderItem: (tile: Tile, index: number) => renderTile(tile, index, this.choose),
                layout,
                scroller: true,
              })}
            </div>`,
          )}
      ${this.renderStatus(searching)}`;
  }
}
