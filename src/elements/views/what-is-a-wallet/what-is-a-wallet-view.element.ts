import { css, html } from 'lit';
import { goBack } from '../../../stores/navigation.js';
import { W3Element } from '../../base/w3-element.js';
import { icon, type IconName } from '../../primitives/icons.js';
import { viewStyles } from '../view.styles.js';

const POINTS: { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'wallet',
    title: 'Your digital wallet',
    text: 'A wallet holds your keys and lets you send, receive and keep digital assets such as tokens and NFTs.',
  },
  {
    icon: 'check',
    title: 'Your login',
    text: 'Instead of a new account and password for every site, you connect your wallet and sign in with it.',
  },
  {
    icon: 'network',
    title: 'Your choice',
    text: 'Use a browser extension, a mobile app, or an e-mail or social login that creates a wallet for you.',
  },
];

/** @summary The WhatIsAWallet help view. */
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
        margin-top: 12px;
      }
    `,
  ];

  override render() {
    return html`<ul>
        ${POINTS.map(
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
      <w3-ui-button full-width @click=${goBack}>Got it</w3-ui-button>`;
  }
}
