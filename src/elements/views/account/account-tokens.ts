import { html, nothing } from 'lit';
import type { TokenBalance } from '../../../wire/blockchain-api.js';
import { formatBalance, formatFiat } from '../../../core/format.js';
import type { BalancesState } from '../../../stores/balances.js';
import { TOKEN_BALANCE_UNAVAILABLE } from '../../../stores/balances.js';

const safeIcon = (url: string) => (/^(https?:|data:image\/)/i.test(url) ? url : undefined);

function tokenRow(t: TokenBalance) {
  const icon = safeIcon(t.iconUrl);
  return html`<li class="row" data-symbol=${t.symbol}>
    ${icon ? html`<img src=${icon} alt="" loading="lazy" />` : html`<span class="badge" aria-hidden="true">${t.symbol.slice(0, 1)}</span>`}
    <div class="grow">
      <span class="title">${t.name}</span>
      <span class="small"><span class="amount">${formatBalance(t.quantity.numeric)}</span> ${t.symbol}</span>
    </div>
    <span class="end fiat">${formatFiat(t.value)}</span>
  </li>`;
}

/** The Tokens panel: icon, name, amount (3 decimals) and symbol, fiat value (2 decimals). */
export function renderTokens(state: BalancesState) {
  if (state.tokens.length === 0) {
    if (state.status === 'loading' || state.status === 'idle') return html`<w3-ui-spinner label="Loading tokens"></w3-ui-spinner>`;
    return html`<p class="empty">${state.status === 'error' ? TOKEN_BALANCE_UNAVAILABLE : 'No tokens yet'}</p>`;
  }
  return html`<ul aria-label="Tokens">
      ${state.tokens.map(tokenRow)}
    </ul>
    ${state.status === 'loading' ? html`<w3-ui-spinner label="Refreshing tokens"></w3-ui-spinner>` : nothing}`;
}
