import { css, html } from 'lit';
import { goBack } from '../../../stores/connection/navigation.js';
import { $features } from '../../../stores/app/options.js';
import { pushView } from '../../../stores/ui/router.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { icon, type IconName } from '../../primitives/icons.js';
import { viewStyles } from '../view.styles.js';
import { msg } from '../../base/localize.js';

/** The ways to get a wallet this app offers: e-mail and social login only when they are on. */
function choiceText(email: boolean, socials: boolean): string {
  if (email && socials) return msg('Use a browser extension, a mobile app, or an e-mail or social login that creates a wallet for you.');
  if (email) return msg('Use a browser extension, a mobile app, or an e-mail login that creates a wallet for you.');
  if (socials) return msg('Use a browser extension, a mobile app, or a social login that creates a wallet for you.');
  return msg('Use a browser extension or a mobile app.');
}

/** The help's points, in the active locale (built at render). */
function points(): { icon: IconName; title: string; text: string }[] {
  return [
    {
      icon: 'wallet',
      title: msg('Your digital wallet'),
      text: msg('A wallet holds your keys and lets you send, receive and keep digital assets such as tokens and NFTs.'),
    },
    {
      icon: 'check',
      title: msg('Your login'),
      text: msg('Instead of a new account and password for every site, you connect your wallet and sign in with it.'),
    },
  ];
}

/** @summary The WhatIsAWallet help view, with 'Get a wallet' (the GetWallet view). */
export class W3WhatIsAWalletView extends W3Element {
  static override readonly tagName = 'w3-what-is-a-wallet-view';
  static override styles = [
    viewStyles,
    css`
      li {
        display: flex;
        gap: 12px;
        align-items: flex-start;
        padding: 8px 4px;
      }
      .icon {
        flex: none;
        display: grid;
        place-items: center;
        width: 40px;
        height: 40px;
        border-radius: var(--w3i-radius-md);
        background: var(--w3i-surface);
        color: var(--w3i-accent);
      }
      w3-ui-button {
        margin-top: 8px;
      }
    `,
  ];

  private readonly features = new StoreController(this, $features);

  override render() {
    const { email, socials } = this.features.value;
    const choice = {
      icon: 'network' as const,
      title: msg('Your choice'),
      text: choiceText(email, Array.isArray(socials) && socials.length > 0),
    };
    return html`<ul>
        ${[...points(), choice].map(
          (p) =>
            html`<li>
              <span class="icon">${icon(p.icon)}</span>
              <div>
                <h3>${p.title}</h3>
                <p class="muted">${p.text}</p>
              </div>
            </li>`,
        )}
      </ul>
      <w3-ui-button full-width @click=${() => pushView('GetWallet')}>${msg('Get a wallet')}</w3-ui-button>
      <w3-ui-button variant="secondary" full-width @click=${goBack}>${msg('Got it')}</w3-ui-button>`;
  }
}
