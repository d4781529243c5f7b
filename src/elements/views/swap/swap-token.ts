/** A token's icon in the Swap views (and a token as the picker shows it): its logo (http(s) or a data image only), else a disc with its first letter. */
import { html } from 'lit';
import type { SwapTokenInfo } from '../../../stores/swap/swap.js';
import type { PickerToken } from '../../primitives/token-picker/token-picker.js';
import { formatBalance, formatFiat } from '../../l10n/format.js';

const safeLogo = (url: string) => (/^(https?:|data:image\/)/i.test(url) ? url : undefined);

export function tokenIcon(token: Pick<SwapTokenInfo, 'logoUri' | 'symbol'>, { letter = true } = {}) {
  const logo = safeLogo(token.logoUri);
  if (logo) return html`<img class="token-icon" src=${logo} alt="" loading="lazy" />`;
  // Without the letter where the text must match a control's name (a letter would be extra text).
  return html`<span class="token-icon badge" aria-hidden="true">${letter ? token.symbol.slice(0, 1) : ''}</span>`;
}

/** A DEX token as the token picker shows it: a held one with its balance and value. */
export function pickerToken(token: SwapTokenInfo): PickerToken {
  const held = Number(token.balance) > 0;
  const value = held && token.price > 0 ? ` · ${formatFiat(Number(token.balance) * token.price)}` : '';
  return {
    id: token.id,
    symbol: token.symbol,
    name: token.name,
    logo: token.logoUri,
    balance: held ? `${formatBalance(token.balance)}${value}` : undefined,
  };
}
