/**
 * The All Wallets grid's tiles: installed connectors, registry wallets and skeleton tiles (shown
 * while the first page, a search or the next page loads). An installed wallet shows its
 * announced icon wherever it appears (Connect, All Wallets, search, connecting views); the
 * registry's icon is the fallback when the wallet announced none.
 */
import { html } from 'lit';
import type { Connector } from '../../../stores/connection/connectors.js';
import type { RegistryWallet } from '../../../stores/registry/wallet-list.js';
import { msg } from '../../base/localize.js';

export type Tile =
  | { kind: 'connector'; id: string; connector: Connector; wallet: RegistryWallet | undefined }
  | { kind: 'wallet'; id: string; wallet: RegistryWallet; connector: Connector | undefined }
  | { kind: 'skeleton'; id: string };

/** Skeleton tiles at the end of the grid while the next page loads: two rows. */
export const NEXT_PAGE_SKELETONS = 8;
/** Skeleton tiles that fill the grid while the first page or a search loads. */
export const FIRST_LOAD_SKELETONS = 16;

export function skeletonTiles(count: number): Tile[] {
  return Array.from({ length: count }, (_, i) => ({ kind: 'skeleton', id: `s:${i}` }));
}

export function tileName(tile: Exclude<Tile, { kind: 'skeleton' }>): string {
  return tile.kind === 'connector' ? tile.connector.name : tile.wallet.name;
}

/** The announced icon of an installed wallet, else the registry's (when its entry is known). */
export function tileImage(tile: Exclude<Tile, { kind: 'skeleton' }>): string | undefined {
  return tile.connector?.imageUrl ?? tile.wallet?.imageUrl;
}

/** A tile; `index` (its place in the whole grid) lets arrow keys reach tiles the virtualizer has not rendered. */
export function renderTile(tile: Tile | undefined, index: number, choose: (tile: Tile) => void) {
  if (!tile || tile.kind === 'skeleton') {
    return html`<div class="skeleton" aria-hidden="true"><span class="shape image"></span><span class="shape line"></span></div>`;
  }
  const name = tileName(tile);
  const installed = tile.kind === 'connector' || !!tile.connector;
  return html`<div role="listitem">
    <button class="tile" type="button" data-index=${index} data-wallet-id=${tile.id} title=${name} @click=${() => choose(tile)}>
      <w3-ui-wallet-image .imageSrc=${tileImage(tile)}></w3-ui-wallet-image>
      <span class="name">${name}</span>
      ${installed
        ? html`<span class="tag"
            >${msg('Installed', {
              id: 'tile-installed',
              desc: "All Wallets: the short tag under an installed wallet's name, in a 72 px wide tile",
            })}</span
          >`
        : ''}
    </button>
  </div>`;
}
