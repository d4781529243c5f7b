import { html, nothing } from 'lit';
import type { TokenBalance } from '../../../wire/blockchain-api.js';
import type { Network } from '../../../wire/networks.js';
import { formatBalance, formatFiat } from '../../l10n/format.js';
import type { BalancesState } from '../../../stores/portfolio/balances.js';
import { retryBalances } from '../../../stores/portfolio/balances.js';
import type { NativeBalance } from '../../../stores/connection/native-balance.js';
import { msg, str } from '../../base/localize.js';
import { balanceUnavailable } from '../../base/native-balance.js';
import { messageText } from '../../l10n/messages.js';

const safeIcon = (url: string) => (/^(https?:|data:image\/)/i.test(url) ? url : undefined);

function tokenRow(t: TokenBalance) {
  const icon = safeIcon(t.iconUrl);
  return html`<li class="row" data-symbol=${t.symbol}>
    ${icon
      ? html`<img class="tile" src=${icon} alt="" loading="lazy" />`
      : html`<span class="badge tile" aria-hidden="true">${t.symbol.slice(0, 1)}</span>`}
    <div class="grow">
      <span class="title">${t.name}</span>
      <span class="small" dir="ltr"><span class="amount">${formatBalance(t.quantity.numeric)}</span> ${t.symbol}</span>
    </div>
    <span class="end fiat" dir="ltr">${formatFiat(t.value)}</span>
  </li>`;
}

const orderKey = (t: TokenBalance) => `${t.address ?? ''}|${t.symbol}`;

/**
 * The token list's order, held while the pointer is over the list: the store sorts by value, so a
 * small send could swap two rows under the pointer (a click meant for one lands on the other); the
 * rows keep their places until the pointer leaves, then follow the values again. Tokens new to the
 * list go after the held ones.
 */
export class HeldTokenOrder {
  private held: string[] | undefined;

  hold(tokens: readonly TokenBalance[]): void {
    this.held ??= tokens.map(orderKey);
  }

  release(): void {
    this.held = undefined;
  }

  apply(tokens: readonly TokenBalance[]): TokenBalance[] {
    const held = this.held;
    if (!held) return [...tokens];
    const rank = (t: TokenBalance) => {
      const i = held.indexOf(orderKey(t));
      return i === -1 ? held.length : i;
    };
    return [...tokens].sort((a, b) => rank(a) - rank(b));
  }
}

/** A chain the Blockchain API does not index: says so, and shows the native balance read from the chain. */
function renderNotIndexed(network: Network | undefined, native: NativeBalance | undefined) {
  const symbol = network?.nativeCurrency.symbol ?? native?.symbol ?? '';
  const amount =
    native?.status === 'ready'
      ? `${formatBalance(native.value)} ${symbol}`
      : native?.status === 'loading'
        ? `… ${symbol}`
        : balanceUnavailable();
  const name = network?.name;
  const notIndexed = name ? msg(str`Token balances are not available on ${name}`) : msg('Token balances are not available on this network');
  return html`<p class="empty" data-not-indexed>${notIndexed}</p>
    <ul aria-label=${msg('Tokens')}>
      <li class="row" data-symbol=${symbol} data-native>
        <span class="badge tile" aria-hidden="true">${symbol.slice(0, 1)}</span>
        <div class="grow">
          <span class="title">${network?.nativeCurrency.name ?? symbol}</span>
          <span class="small"><span class="amount" dir="auto">${amount}</span></span>
        </div>
      </li>
    </ul>`;
}

/**
 * The Tokens panel: icon, name, amount (3 decimals) and symbol, fiat value (2 decimals); a
 * failure offers 'Try again'; a chain the API does not index shows the native balance instead.
 */
export function renderTokens(state: BalancesState, network?: Network, native?: NativeBalance, order?: HeldTokenOrder) {
  if (state.status === 'unsupported') return renderNotIndexed(network, native);
  const failed =
    state.status === 'error'
      ? html`<p class="empty">${messageText({ code: 'TOKEN_BALANCE_UNAVAILABLE' })}</p>
          <w3-ui-button variant="secondary" size="sm" data-retry @click=${() => void retryBalances()}>${msg('Try again')}</w3-ui-button>`
      : nothing;
  if (state.tokens.length === 0) {
    if (state.status === 'loading' || state.status === 'idle') return html`<w3-ui-spinner label=${msg('Loading tokens')}></w3-ui-spinner>`;
    return state.status === 'error' ? failed : html`<p class="empty">${msg('No tokens yet')}</p>`;
  }
  // A failed refresh keeps the last tokens of this account and network, with the error and Try again.
  return html`<ul aria-label=${msg('Tokens')}>
      ${(order?.apply(state.tokens) ?? state.tokens).map(tokenRow)}
    </ul>
    ${state.status === 'loading' ? html`<w3-ui-spinner label=${msg('Refreshing tokens')}></w3-ui-spinner>` : failed}`;
}
