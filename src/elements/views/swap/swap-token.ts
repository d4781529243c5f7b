/** A token's icon in the Swap views: its logo (http(s) or a data image only), else a disc with its first letter. */
import { html } from 'lit';
import type { SwapTokenInfo } from '../../../stores/swap/swap.js';

const safeLogo = (url: string) => (/^(https?:|data:image\/)/i.test(url) ? url : undefined);

export function tokenIcon(token: Pick<SwapTokenInfo, 'logoUri' | 'symbol'>, { letter = true } = {}) {
  const logo = safeLogo(token.logoUri);
  if (logo) return html`<img class="token-icon" src=${logo} alt="" loading="lazy" />`;
  // Without the letter where the text must match a control's name (a letter would be extra text).
  return html`<span class="token-icon badge" aria-hidden="true">${letter ? token.symbol.slice(0, 1) : ''}</span>`;
}
