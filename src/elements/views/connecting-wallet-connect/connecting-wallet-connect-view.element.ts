import { css, html, nothing } from 'lit';
import { isSafeWalletLink } from '../../../core/links.js';
import { browseLink, walletConnectLink, walletStoreLinks } from '../../../core/wallet-links.js';
import { $connectors } from '../../../stores/connection/connectors.js';
import { $walletConnectQr, cancelWalletApp, openWalletApp, startQrPairing } from '../../../stores/walletconnect/qr.js';
import { installedConnectorFor, type RegistryWallet } from '../../../stores/registry/wallet-list.js';
import { StoreController } from '../../base/store-controller.js';
import { copyText } from '../../base/clipboard.js';
import { W3Element } from '../../base/w3-element.js';
import { messageText } from '../../l10n/messages.js';
import { connectingStyles, qrStyles } from '../connecting.styles.js';
import { linkStyles, viewStyles } from '../view.styles.js';
import { walletConnectLogo } from './walletconnect-logo.js';
import { msg, str } from '../../base/localize.js';
import { storeLabel } from '../get-wallet/store-label.js';

interface PlatformLink {
  label: string;
  href: string;
}

/**
 * The ways a registry wallet opens with the pairing URI: its app (mobile link or universal link),
 * desktop app and web app. Phantom, Solflare and Coinbase without their extension open this page
 * in their app's browser instead (spec section 9).
 */
export function platformLinks(wallet: RegistryWallet, uri: string | undefined, pageUrl: string, installed: boolean): PlatformLink[] {
  const links: PlatformLink[] = [];
  const browse = installed ? undefined : browseLink(wallet.id, pageUrl);
  const withUri = (link: string | null): string | undefined =>
    uri ? walletConnectLink(link, uri) : isSafeWalletLink(link) ? link : undefined;
  const mobile = browse ?? withUri(wallet.mobile_link);
  if (mobile) links.push({ label: msg(str`Open ${wallet.name} app`), href: mobile });
  const desktop = withUri(wallet.desktop_link);
  if (desktop) links.push({ label: msg(str`Open ${wallet.name} desktop`), href: desktop });
  const web = withUri(wallet.webapp_link);
  if (web) links.push({ label: msg(str`Open ${wallet.name} web app`), href: web });
  return links;
}

/**
 * @summary ConnectingWalletConnect: pairing over the WalletConnect relay. Shows the pairing URI as
 * a QR code (`<w3-qr-code uri>`, the wallet's logo in its centre), 'Copy link', and for a registry
 * wallet its deep links carrying the URI (mobile, desktop, web app; the choice is stored) and
 * where to get it. The URI is replaced before it expires; approval connects and shows Account.
 * On a phone (narrower than 768 px or a coarse pointer) the app links lead (the chosen wallet's,
 * else the registry wallets'), then 'Copy link', and the QR comes last, for another device.
 * Once an app link was opened, the view says the wallet has the request ('Continue in {wallet}',
 * 'Accept connection request in the wallet'), with Cancel, which offers a fresh URI.
 */
export class W3ConnectingWalletConnectView extends W3Element {
  static override readonly tagName: string = 'w3-connecting-wallet-connect-view';
  static override styles = [
    viewStyles,
    linkStyles,
    connectingStyles,
    qrStyles,
    css`
      .links {
        display: flex;
        flex-wrap: wrap;
        justify-content: center;
        gap: 8px;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .get {
        margin-top: 8px;
      }
      .apps {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(88px, 1fr));
        gap: 8px;
        width: 100%;
        margin: 0;
        padding: 0;
        list-style: none;
      }
      .app {
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: 4px;
        padding: 8px 4px;
        border-radius: 12px;
        text-decoration: none;
        font-size: 12px;
        text-align: center;
        overflow-wrap: anywhere;
      }
      .app w3-ui-wallet-image {
        --w3-wallet-image-size: 48px;
      }
      .qr-logo w3-ui-wallet-image {
        --w3-wallet-image-size: 48px;
      }
    `,
  ];

  /** The plain QR mode (ConnectingWalletConnectBasic): no wallet links. */
  protected readonly basic: boolean = false;

  /** Pairing, configuration and wallet; listening pairs, leaving stops it (store-owned). */
  private readonly qr = new StoreController(this, $walletConnectQr);
  private readonly connectors = new StoreController(this, $connectors);

  private get wallet(): RegistryWallet | undefined {
    return this.basic ? undefined : this.qr.value.wallet;
  }

  private renderQr(wallet: RegistryWallet | undefined) {
    const { status, uri, error } = this.qr.value.pairing;
    const name = wallet?.name ?? 'WalletConnect';
    if (status === 'error') {
      return html`<p class="error" role="alert">${error && messageText(error)}</p>
        <w3-ui-button variant="secondary" @click=${() => startQrPairing()}>${msg('Try again')}</w3-ui-button>`;
    }
    const ready = status === 'ready' && uri;
    const mobile = this.qr.value.mobile;
    // On a phone the QR is for another device; the app links above it open a wallet on this one.
    const scan = mobile
      ? msg('Or scan this QR code from another device')
      : wallet
        ? msg(str`Scan this QR code with ${name}`)
        : msg('Scan this QR code with your phone');
    return html`<w3-qr-code uri=${ready ? uri : ''} label=${msg(str`QR code to connect with ${name}`)}>
        <span slot="logo" class="qr-logo"
          >${wallet?.imageUrl ? html`<w3-ui-wallet-image .imageSrc=${wallet.imageUrl}></w3-ui-wallet-image>` : walletConnectLogo(40)}</span
        >
      </w3-qr-code>
      <p class="muted" role="status">${ready ? scan : msg('Preparing the QR code…')}</p>
      ${mobile ? nothing : this.renderCopy()}`;
  }

  private renderCopy() {
    const { status, uri } = this.qr.value.pairing;
    return html`<w3-ui-button
      variant="secondary"
      size="sm"
      ?disabled=${!(status === 'ready' && uri)}
      @click=${() => uri && void copyText(uri, 'Link copied', 'Could not copy the link')}
      >${msg('Copy link')}</w3-ui-button
    >`;
  }

  /** On a phone without a chosen wallet: the registry wallets' app links carrying the URI. */
  private renderWalletApps(uri: string | undefined) {
    const wallets = this.basic || !uri ? [] : this.qr.value.mobileWallets;
    if (!wallets.length) return nothing;
    return html`<ul class="apps" aria-label=${msg('Open a wallet app')}>
      ${wallets.map((wallet) => {
        const href = walletConnectLink(wallet.mobile_link, uri as string);
        return href
          ? html`<li>
              <a class="app" href=${href} target="_blank" rel="noopener noreferrer" @click=${() => openWalletApp(wallet, href)}
                ><w3-ui-wallet-image .imageSrc=${wallet.imageUrl}></w3-ui-wallet-image>${wallet.name}</a
              >
            </li>`
          : nothing;
      })}
    </ul>`;
  }

  override render() {
    const wallet = this.wallet;
    const { pairing } = this.qr.value;
    const uri = pairing.status === 'ready' ? pairing.uri : undefined;
    if (!this.qr.value.configured) {
      return html`<div class="connecting">
        ${wallet
          ? html`<div class="logo"><w3-ui-wallet-image .imageSrc=${wallet.imageUrl}></w3-ui-wallet-image></div>
              <p><strong>${msg(str`Continue in ${wallet.name}`)}</strong></p>`
          : nothing}
        <p class="muted" role="status">
          ${wallet
            ? msg(str`Connecting ${wallet.name} needs WalletConnect, which this app has not configured (relayUrl and projectId).`)
            : msg('Connecting a wallet needs WalletConnect, which this app has not configured (relayUrl and projectId).')}
        </p>
        ${wallet ? this.renderLinks(wallet, undefined) : nothing} ${wallet ? this.renderStores(wallet) : nothing}
      </div>`;
    }
    if (pairing.status === 'ready' && pairing.openedIn) return this.renderOpened(pairing.openedIn.wallet, pairing.openedIn.href);
    if (this.qr.value.mobile) {
      // A phone: the wallet's app (or the registry wallets' apps) and 'Copy link' first, the QR last.
      return html`<div class="connecting">
        ${wallet ? html`<p><strong>${msg(str`Continue in ${wallet.name}`)}</strong></p>` : nothing}
        ${wallet ? this.renderLinks(wallet, uri) : this.renderWalletApps(uri)} ${this.renderCopy()}
        ${wallet ? this.renderStores(wallet) : nothing} ${this.renderQr(wallet)}
      </div>`;
    }
    return html`<div class="connecting">
      ${wallet ? html`<p><strong>${msg(str`Continue in ${wallet.name}`)}</strong></p>` : nothing} ${this.renderQr(wallet)}
      ${wallet ? this.renderLinks(wallet, uri) : nothing} ${wallet ? this.renderStores(wallet) : nothing}
    </div>`;
  }

  /** The wallet app has the connection request (opened by its app link): wait for it, reopen it, or Cancel (a fresh URI). */
  private renderOpened(wallet: RegistryWallet, href: string) {
    return html`<div class="connecting">
      <div class="logo">
        <w3-ui-wallet-image .imageSrc=${wallet.imageUrl}></w3-ui-wallet-image>
        <w3-ui-spinner label=${msg(str`Waiting for ${wallet.name}`)}></w3-ui-spinner>
      </div>
      <p><strong>${msg(str`Continue in ${wallet.name}`)}</strong></p>
      <p class="muted" role="status">${msg('Accept connection request in the wallet')}</p>
      <a href=${href} target="_blank" rel="noopener noreferrer">${msg('Try again')}</a>
      <w3-ui-button variant="secondary" @click=${() => cancelWalletApp()}>${msg('Cancel')}</w3-ui-button>
    </div>`;
  }

  private renderLinks(wallet: RegistryWallet, uri: string | undefined) {
    const installed = Boolean(installedConnectorFor(wallet, this.connectors.value));
    const page = typeof location === 'undefined' ? '' : location.href;
    const links = platformLinks(wallet, uri, page, installed);
    if (!links.length) return nothing;
    return html`<ul class="links" aria-label=${msg(str`Open ${wallet.name}`)}>
      ${links.map(
        (link) =>
          html`<li>
            <a href=${link.href} target="_blank" rel="noopener noreferrer" @click=${() => openWalletApp(wallet, link.href)}
              >${link.label}</a
            >
          </li>`,
      )}
    </ul>`;
  }

  private renderStores(wallet: RegistryWallet) {
    const stores = walletStoreLinks(wallet);
    if (!stores.length) return nothing;
    return html`<p class="get">${msg(str`Don't have ${wallet.name}?`)}</p>
      <ul class="links" aria-label=${msg(str`Get ${wallet.name}`)}>
        ${stores.map((link) => html`<li><a href=${link.href} target="_blank" rel="noopener noreferrer">${storeLabel(link.label)}</a></li>`)}
      </ul>`;
  }
}

/**
 * @summary ConnectingWalletConnectBasic: the plain QR mode: the pairing QR code and 'Copy link',
 * without wallet links.
 */
export class W3ConnectingWalletConnectBasicView extends W3ConnectingWalletConnectView {
  static override readonly tagName = 'w3-connecting-wallet-connect-basic-view';
  protected override readonly basic: boolean = true;
}
