import { css, html, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { NativeBalance } from '../../../stores/connection/native-balance.js';
import type { BalancesState } from '../../../stores/portfolio/balances.js';
import { isViewAvailable, pushView } from '../../../stores/ui/router.js';
import { msg } from '../../base/localize.js';
import { featureIcon } from './feature-icons.js';

/** A decimal string that is zero ('0', '0.0', '0.000'). */
const isZero = (value: string | undefined): boolean => value !== undefined && /^0*(\.0*)?$/.test(value) && value !== '';

/**
 * A new, empty wallet: its native balance read as zero and its tokens read as none (or nothing
 * reads tokens on this chain). While either read runs or failed, the usual balance shows.
 */
export function isEmptyWallet(native: NativeBalance | undefined, tokens: BalancesState): boolean {
  if (native?.status !== 'ready' || !isZero(native.value)) return false;
  if (tokens.status === 'idle') return true;
  if (tokens.status !== 'ready' && tokens.status !== 'unsupported') return false;
  return tokens.tokens.every((t) => !(Number(t.quantity.numeric) > 0));
}

/**
 * Whether the on-ramp offers anything on the active network, read from the lazy on-ramp store
 * only while the Account view shows an empty wallet (its options load once per Blockchain API).
 */
export class OnrampOfferController implements ReactiveController {
  /** undefined until the on-ramp's options are known. */
  offered: boolean | undefined;
  private unsubscribe: (() => void) | undefined;
  private wanted = false;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  /** Starts (or stops) watching; called on each render with whether an empty wallet shows. */
  watch(wanted: boolean): void {
    if (wanted === this.wanted) return;
    this.wanted = wanted;
    if (!wanted) return this.stop();
    void import('../../../stores/onramp/onramp.js').then(({ $onrampOffers }) => {
      if (!this.wanted || this.unsubscribe) return;
      this.unsubscribe = $onrampOffers.subscribe((offers) => {
        const next = offers === undefined ? undefined : offers.some((o) => o.currencies.length > 0);
        if (next !== this.offered) {
          this.offered = next;
          this.host.requestUpdate();
        }
      });
    });
  }

  private stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  hostDisconnected(): void {
    this.wanted = false;
    this.stop();
  }
}

export const fundStyles = css`
  .fund {
    display: flex;
    flex-direction: column;
    align-items: center;
    gap: 8px;
    margin-bottom: 12px;
  }
  .fund h2 {
    margin: 0;
    font: 600 var(--w3i-text-md) / 1.3 var(--w3i-font-family);
  }
  .fund p {
    margin: 0;
    color: var(--w3i-fg-muted);
    font-size: var(--w3i-text-sm);
    text-align: center;
  }
  .fund-actions {
    display: flex;
    gap: 8px;
  }
`;

/**
 * 'Fund your wallet' in place of a zero balance: Buy where the on-ramp sells on this network
 * (and the dApp offers it), and Receive.
 */
export function renderFund({ buy, label }: { buy: boolean; label: (feature: 'onramp' | 'receive') => string }) {
  const receive = isViewAvailable('WalletReceive');
  return html`<div class="fund" data-fund role="group" aria-labelledby="w3-fund-title">
    <h2 id="w3-fund-title">
      ${msg('Fund your wallet', { id: 'account-fund-title', desc: 'Account view: title shown to a new, empty wallet' })}
    </h2>
    <p>
      ${msg('Buy crypto or receive it from another wallet to get started.', {
        id: 'account-fund-hint',
        desc: 'Account view: what a new, empty wallet can do to get funds',
      })}
    </p>
    <div class="fund-actions">
      ${buy
        ? html`<w3-ui-button data-fund-action="buy" @click=${() => pushView('OnRampProviders')}
            ><span slot="prefix">${featureIcon('onramp', 18)}</span>${label('onramp')}</w3-ui-button
          >`
        : ''}
      ${receive
        ? html`<w3-ui-button data-fund-action="receive" variant=${buy ? 'secondary' : 'primary'} @click=${() => pushView('WalletReceive')}
            ><span slot="prefix">${featureIcon('receive', 18)}</span>${label('receive')}</w3-ui-button
          >`
        : ''}
    </div>
  </div>`;
}
