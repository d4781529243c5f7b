import { html, nothing } from 'lit';
import { formatBalance } from '../l10n/format.js';
import type { NativeBalance } from '../../stores/connection/native-balance.js';
import { msg } from './localize.js';

/** What an unreadable balance says (the Account view in full; the account button as its title). */
export const balanceUnavailable = (): string => msg('Balance unavailable');

/**
 * The native balance of the active account and network: its figure and symbol once read, '…'
 * while the first read runs, and 'unavailable' while the chain cannot be read; never a figure of
 * another chain. `short` (the account button) writes 'unavailable' as a dash with a title.
 */
export function renderNativeBalance(balance: NativeBalance | undefined, { short = false, className = '' } = {}) {
  if (!balance) return nothing;
  const { status, value, symbol } = balance;
  const text =
    status === 'ready'
      ? `${formatBalance(value)} ${symbol}`
      : status === 'loading'
        ? `… ${symbol}`
        : short
          ? `— ${symbol}`.trim()
          : balanceUnavailable();
  return html`<span
    class=${className}
    dir="auto"
    data-balance=${status}
    aria-busy=${status === 'loading' ? 'true' : nothing}
    title=${status === 'unavailable' ? balanceUnavailable() : nothing}
    >${text}</span
  >`;
}
