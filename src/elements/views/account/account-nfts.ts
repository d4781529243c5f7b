import { html } from 'lit';
import type { NftsState } from '../../../stores/portfolio/nfts.js';
import { msg } from '../../base/localize.js';

const safeImage = (url: string) => (/^(https?:|data:image\/)/i.test(url) ? url : undefined);

/** The NFTs panel: one row per NFT (its image, name and collection), of the lists' row height; spam is filtered by the store. */
export function renderNfts(state: NftsState) {
  if (state.items.length === 0) {
    if (state.status === 'loading' || state.status === 'idle') return html`<w3-ui-spinner label=${msg('Loading NFTs')}></w3-ui-spinner>`;
    return html`<p class="empty">${state.status === 'error' ? msg('NFTs are unavailable') : msg('No NFTs yet')}</p>`;
  }
  return html`<ul aria-label=${msg('NFTs')}>
    ${state.items.map((nft) => {
      const src = safeImage(nft.imageUrl);
      return html`<li class="row" data-token-id=${nft.tokenId}>
        ${src ? html`<img class="tile" src=${src} alt="" loading="lazy" />` : html`<span class="badge tile" aria-hidden="true"></span>`}
        <span class="grow">
          <span class="title" dir="auto">${nft.name}</span>
          <span class="small" dir="auto">${nft.collection}</span>
        </span>
      </li>`;
    })}
  </ul>`;
}
