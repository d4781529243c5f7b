/** A token's icon in the Swap views: its logo (http(s) or a data image only), else its first letter. */
import { html } from 'lit';
import type { SwapTokenInfo } from '../../../stores/swap/swap.js';

const safeLogo = (url: string) => (/^(https?:|data:image\/)/i.test(url) ? url : undefined);

export function tokenIcon(token: Pick<SwapTokenInfo, 'logoUri' | 'symbol'>) {
  const logo = safeLogo(token.logoUri);
  return logo
    ? html`<img class="token-icon" src=${logo} alt="" loading="lazy" />`
    : html`<span class="token-icon badge" aria-hidden="true">${token.symbol.slice(0, 1)}</span>`;
}
