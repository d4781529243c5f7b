import { css, html } from 'lit';
import { walletStoreLinks } from '../../../core/wallet-links.js';
import { pushView } from '../../../stores/ui/router.js';
import { $walletList, retryWalletList } from '../../../stores/registry/wallet-list.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { linkStyles, viewStyles } from '../view.styles.js';
import { msg, str } from '../../base/localize.js';
import { storeLabel } from './store-label.js';

/**
 * @summary GetWallet ('Get a wallet', reached from WhatIsAWallet): the registry's featured and
 * recommended wallets, each with where to get it (Chrome Web Store, App Store, Google Play,
 * website; only safe links), and a way to All Wallets. Without a registry it says how to get one.
 */
export class W3GetWalletView extends W3Element {
  static override readonly tagName = 'w3-get-wallet-view';
  static override styles = [
    viewStyles,
    linkStyles,
    css`
      .wallet {
        display: flex;
        gap: 12px;
        align-items: center;
        padding: 8px;
        border-radius: var(--w3i-radius-md);
        background: var(--w3i-surface);
      }
      .body {
        min-width: 0;
        flex: 1;
      }
      .name {
        display: block;
        font-weight: 600;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .links {
        display: flex;
        flex-wrap: wrap;
        gap: 4px 12px;
        font-size: var(--w3i-text-xs);
      }
      w3-ui-button {
        margin-top: 12px;
      }
    `,
  ];

  /** Listening loads the registry's featured and recommended wallets. */
  private readonly list = new StoreController(this, $walletList);

  override render() {
    const { status, featured, recommended, error } = this.list.value;
    if (status === 'off') {
      return html`<p class="empty">${msg('Install a wallet as a browser extension or a mobile app, then come back to this page.')}</p>`;
    }
    if (status === 'error') {
      return html`<div class="empty" role="alert">
        <p>${msg(str`Could not load wallets: ${error}`)}</p>
        <w3-ui-button variant="secondary" size="sm" @click=${() => void retryWalletList()}>${msg('Try again')}</w3-ui-button>
      </div>`;
    }
    if (status !== 'ready') return html`<p class="empty" role="status">${msg('Loading wallets…')}</p>`;
    const seen = new Set<string>();
    const wallets = [...featured, ...recommended]
      .filter((w) => !seen.has(w.id) && seen.add(w.id))
      .map((wallet) => ({ wallet, links: walletStoreLinks(wallet) }))
      .filter((w) => w.links.length > 0);
    return html`<ul class="stack" aria-label=${msg('Wallets to get')}>
        ${wallets.map(
          ({ wallet, links }) =>
            html`<li class="wallet" data-wallet-id=${wallet.id}>
              <w3-ui-wallet-image .imageSrc=${wallet.imageUrl}></w3-ui-wallet-image>
              <div class="body">
                <span class="name" title=${wallet.name}>${wallet.name}</span>
                <ul class="links" aria-label=${msg(str`Get ${wallet.name}`)}>
                  ${links.map((l) => html`<li><a href=${l.href} target="_blank" rel="noopener noreferrer">${storeLabel(l.label)}</a></li>`)}
                </ul>
              </div>
            </li>`,
        )}
      </ul>
      <w3-ui-button variant="secondary" full-width @click=${() => pushView('AllWallets')}>${msg('Explore all wallets')}</w3-ui-button>`;
  }
}
