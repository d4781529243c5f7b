import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import {
  $onrampOffers,
  isRestrictedTimezone,
  ONRAMP_PROVIDERS,
  selectProvider,
  type OnrampProvider,
  type ProviderOffer,
} from '../../../stores/onramp/onramp.js';
import { $activeNetwork } from '../../../stores/network/networks.js';
import { pushView } from '../../../stores/ui/router.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { StoreController } from '../../base/store-controller.js';
import { msg, str } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';
import { nothingToBuyText, unavailableText } from './offer-text.js';

/** The browser's timezone (read when the view shows, never at import). */
const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/**
 * @summary OnRampProviders: the on-ramp providers with their fee range (our sandbox, which works
 * offline, then meld and coinbase, which need an account and the internet); choosing one opens
 * OnRampBuy. A provider that sells nothing on the active network is shown disabled with its
 * reason, and when none sells anything there the view says so before anything opens. Users in a
 * restricted timezone (spec 9: mainland China) see a notice instead.
 */
export class W3OnRampProvidersView extends W3Element {
  static override readonly tagName = 'w3-on-ramp-providers-view';
  static override styles = [
    viewStyles,
    css`
      .note {
        display: block;
        color: var(--w3i-fg-muted);
        font-size: var(--w3i-text-xs);
        /* The row's name truncates on one line; the note wraps, so it is read whole. */
        white-space: normal;
      }
      .notice {
        padding: 24px 8px;
        text-align: center;
      }
    `,
  ];

  /** The user's IANA timezone; default the browser's. */
  @property({ attribute: 'time-zone' }) timeZone: string | undefined;

  private readonly offers = new StoreController(this, $onrampOffers);
  private readonly network = new StoreController(this, $activeNetwork);
  private readonly roving = new RovingFocusController(this, {
    lists: 'ul.stack',
    // A provider unavailable on the active network is no stop (a disabled button takes no focus).
    items: ':scope > li > w3-ui-list-item:not([disabled])',
    orientation: 'vertical',
  });

  override connectedCallback(): void {
    super.connectedCallback();
    this.timeZone ??= browserTimeZone();
  }

  private choose(provider: OnrampProvider): void {
    selectProvider(provider);
    pushView('OnRampBuy');
  }

  override render() {
    if (isRestrictedTimezone(this.timeZone)) {
      return html`<div class="notice" role="status" data-restricted>
        <h3>${msg('Buying crypto is not available in your region')}</h3>
        <p class="muted">${msg('The on-ramp providers do not serve your timezone.')}</p>
      </div>`;
    }
    // Until the options are known every provider is listed as available (OnRampBuy waits for them too).
    const offers: readonly Pick<ProviderOffer, 'provider' | 'unavailable'>[] =
      this.offers.value ?? ONRAMP_PROVIDERS.map((provider) => ({ provider, unavailable: undefined }));
    const none = this.offers.value !== undefined && offers.every((o) => o.unavailable);
    return html`${none
        ? html`<p class="notice" role="status" data-nothing-to-buy>${nothingToBuyText(this.network.value?.name)}</p>`
        : nothing}
      <ul class="stack" aria-label=${msg('On-ramp providers')}>
        ${offers.map(
          ({ provider: p, unavailable }) =>
            html`<li>
              <w3-ui-list-item
                chevron
                data-provider=${p.name}
                ?disabled=${unavailable !== undefined}
                .tag=${msg(str`Fee ${p.feeRange}`)}
                @click=${() => this.choose(p)}
              >
                ${p.label}
                <span class="note" ?data-unavailable=${unavailable !== undefined}>
                  ${unavailable
                    ? unavailableText(unavailable)
                    : p.external
                      ? msg('Needs an account and the internet')
                      : msg('Test ETH on the local chain, works offline')}
                </span>
              </w3-ui-list-item>
            </li>`,
        )}
      </ul>`;
  }
}
