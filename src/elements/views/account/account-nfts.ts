import { html } from 'lit';
import type { NftsState } from '../../../stores/portfolio/nfts.js';
import { msg } from '../../base/localize.js';

const safeImage = (url: string) => (/^(https?:|data:image\/)/i.test(url) ? url : undefined);

/** The NFTs panel: a grid of images with their names (spam is filtered by the store). */
export function renderNfts(state: NftsState) {
  if (state.items.length === 0) {
    if (state.status === 'loading' || state.status === 'idle') return html`<w3-ui-spinner label=${msg('Loading NFTs')}></w3-ui-spinner>`;
    return html`<p class="empty">${state.status === 'error' ? msg('NFTs are unavailable') : msg('No NFTs yet')}</p>`;
  }
  return html`<ul class="nfts" aria-label=${msg('NFTs')}>
    ${state.items.map((nft) => {
      const src = safeImage(nft.imageUrl);
      return html`<li data-token-id=${nft.tokenId}>
        <figure>
          ${src
            ? html`<img src=${src} alt=${nft.name} loading="lazy" />`
            : html`<div class="badge" role="img" aria-label=${nft.name}></div>`}
          <figcaption>${nft.name}</figcaption>
        </figure>
      </li>`;
    })}
  </ul>`;
}
