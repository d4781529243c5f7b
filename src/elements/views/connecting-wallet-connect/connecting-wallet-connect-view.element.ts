import { css, html, nothing } from 'lit';
import { isSafeWalletLink } from '../../../core/links.js';
import { $options } from '../../../stores/options.js';
import { $router } from '../../../stores/router.js';
import type { RegistryWallet } from '../../../stores/wallet-list.js';
import { rememberDeepLink } from '../../../stores/wallet-registry.js';
import { StoreController } from '../../base/store-controller.js';
import { W3Element } from '../../base/w3-element.js';
import { connectingStyles } from '../connecting.styles.js';
import { viewStyles } from '../view.styles.js';

interface PlatformLink {
  label: string;
  href: string;
}

/** The ways a registry wallet opens: its app (mobile, universal links), desktop app and web app. */
export function platformLinks(wallet: RegistryWallet): PlatformLink[] {
  const links: PlatformLink[] = [];
  if (isSafeWalletLink(wallet.mobile_link)) links.push({ label: `Open ${wallet.name} app`, href: wallet.mobile_link });
  if (isSafeWalletLink(wallet.desktop_link)) links.push({ label: `Open ${wallet.name} desktop`, href: wallet.desktop_link });
  if (isSafeWalletLink(wallet.webapp_link)) links.push({ label: `Open ${wallet.name} web app`, href: wallet.webapp_link });
  return links;
}

/** Where to get the wallet: its stores and homepage. */
export function storeLinks(wallet: RegistryWallet): PlatformLink[] {
  const candidates: [string, string | null][] = [
    ['Chrome Web Store', wallet.chrome_store],
    ['App Store', wallet.app_store],
    ['Google Play', wallet.play_store],
    ['Website', wallet.homepage],
  ];
  return candidates.filter((c): c is [string, string] => isSafeWalletLink(c[1])).map(([label, href]) => ({ label, href }));
}

/**
 * @summary ConnectingWalletConnect: a registry wallet that is not installed. Shows the wallet,
 * its deep links (mobile, desktop, web app; the choice is stored) and where to get it. Pairing
 * by QR code and URI runs over the WalletConnect relay when one is configured (`relayUrl`).
 */
export class W3ConnectingWalletConnectView extends W3Element {
  static override styles = [
    viewStyles,
    connectingStyles,
    css`
      .links {
        display: flex;
        flex-wrap: wrap;
        justify-content: center;
        gap: 8px;
      }
      a {
        color: var(--w3i-accent);
        font-weight: 600;
      }
      a:focus-visible {
        outline: 2px solid var(--w3i-focus);
        outline-offset: 2px;
      }
      .get {
        margin-top: 8px;
      }
    `,
  ];

  private readonly router = new StoreController(this, $router);
  private readonly options = new StoreController(this, $options);

  private get wallet(): RegistryWallet | undefined {
    const wallet = this.router.value.data?.['wallet'];
    return wallet && typeof wallet === 'object' ? (wallet as RegistryWallet) : undefined;
  }

  override render() {
    const wallet = this.wallet;
    if (!wallet) return html`<div class="empty"><p>No wallet chosen</p></div>`;
    const links = platformLinks(wallet);
    const stores = storeLinks(wallet);
    const relay = Boolean(this.options.value?.relayUrl);
    return html`<div class="connecting">
      <div class="logo"><w3-ui-wallet-image .imageSrc=${wallet.imageUrl}></w3-ui-wallet-image></div>
      <p><strong>Continue in ${wallet.name}</strong></p>
      <p class="muted" role="status">
        ${relay
          ? `Open ${wallet.name} and connect with WalletConnect.`
          : `Connecting ${wallet.name} needs WalletConnect, which this app has not configured (relayUrl).`}
      </p>
      ${links.length
        ? html`<ul class="links" aria-label="Open ${wallet.name}">
            ${links.map(
              (link) =>
                html`<li>
                  <a href=${link.href} target="_blank" rel="noopener noreferrer" @click=${() => rememberDeepLink(wallet, link.href)}
                    >${link.label}</a
                  >
                </li>`,
            )}
          </ul>`
        : nothing}
      ${stores.length
        ? html`<p class="get">Don't have ${wallet.name}?</p>
            <ul class="links" aria-label="Get ${wallet.name}">
              ${stores.map((link) => html`<li><a href=${link.href} target="_blank" rel="noopener noreferrer">${link.label}</a></li>`)}
            </ul>`
        : nothing}
    </div>`;
  }
}
