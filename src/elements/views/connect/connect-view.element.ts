import { css, html, nothing, unsafeCSS, type SVGTemplateResult, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { StoreController } from '../../base/store-controller.js';
import type { ConnectMethod } from '../../../core/options.js';
import type { Connector } from '../../../stores/connection/connectors.js';
import { $connectView, chooseRegistryWallet } from '../../../stores/views/connect-view.js';
import { pushView } from '../../../stores/ui/router.js';
import { connectWithEmail, connectWithConnector, type EmailProblem } from '../../../stores/connection/connect.js';
import { emailProblemText } from '../../l10n/messages.js';
import { retryWalletList, type RegistryWallet } from '../../../stores/registry/wallet-list.js';
import { CONNECT_ROWS_NARROW, CONNECT_ROWS_WIDE, limitWalletRows, walletCountTag } from '../../../stores/registry/wallet-rows.js';
import { BOTTOM_SHEET_MAX_VIEWPORT_PX } from '../../../core/constants.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { W3Element } from '../../base/w3-element.js';
import { $wcConfigured } from '../../../stores/walletconnect/state.js';
import { viewStyles } from '../view.styles.js';
import { msg, str } from '../../base/localize.js';
import { renderSocialRow, socialRowStyles } from './social-row.js';
import './passkey-login.element.js';

/** A row's tag, localized: the stores' tags ('Recent', 'Installed', 'QR code'), else a count (data). */
function rowTag(tag: string | undefined): string | undefined {
  if (tag === 'Recent') return msg('Recent');
  if (tag === 'Installed') return msg('Installed');
  if (tag === 'QR code') return msg('QR code');
  return tag;
}

/**
 * @summary The Connect view: e-mail, social and wallet sections in the configured order
 * (default email, social, wallet); empty sections are hidden. The social section is a row of
 * icon buttons (./social-row.ts). The wallet section shows a few
 * rows (five, three on a narrow viewport; the WalletConnect row with its logo and a 'QR code'
 * tag), then the All Wallets row.
 */
export class W3ConnectView extends W3Element {
  static override readonly tagName = 'w3-connect-view';
  static override styles = [
    viewStyles,
    socialRowStyles,
    css`
      .registry {
        margin-top: 8px;
      }
      .hint {
        font-size: var(--w3i-text-xs);
        text-align: center;
      }
      .registry-error {
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 8px;
      }
      .error {
        color: var(--w3i-error);
        font-size: var(--w3i-text-xs);
      }
      /* A narrow viewport (the bottom sheet) shows fewer wallet rows. */
      @media (max-width: ${unsafeCSS(BOTTOM_SHEET_MAX_VIEWPORT_PX)}px) {
        .wide-only {
          display: none;
        }
      }
      /* The rows' tile size (../../primitives/tile/tile.styles.ts), as the wallet images beside it. */
      .wc-logo {
        display: inline-flex;
        width: var(--w3-tile-size, 36px);
        height: var(--w3-tile-size, 36px);
      }
    `,
  ];

  /** Features, registry and rows; listening loads the registry and readies WalletConnect (store-owned). */
  private readonly view = new StoreController(this, $connectView);
  /** Arrow keys, Home and End move within each list of wallets; each list is one tab stop. */
  private readonly roving = new RovingFocusController(this, {
    lists: 'ul.stack',
    items: ':scope > li > w3-ui-list-item',
    orientation: 'vertical',
  });
  @state() private email = '';
  @state() private emailError: EmailProblem | undefined;
  /** The WalletConnect logo, loaded with the QR view's code (lazily: the first chunk stays small). */
  @state() private wcLogo: SVGTemplateResult | undefined;
  /**
   * With a registry configured, load the All Wallets view's chunk ahead of a click on its row (its
   * row shows while the registry loads: a click then must not wait for the chunk), and the QR view's.
   */
  protected override updated(): void {
    // The chunk itself, not through the view registry (which loads this view: no cycle).
    if (this.view.value.registry.status !== 'off') void import('../all-wallets/all-wallets-view.js');
    if ($wcConfigured.get()) void import('../connecting-wallet-connect/connecting-wallet-connect-view.js');
    const hasWalletConnect = this.view.value.rows.some((r) => r.kind === 'connector' && r.connector.type === 'WALLET_CONNECT');
    if (hasWalletConnect && !this.wcLogo)
      void import('../connecting-wallet-connect/walletconnect-logo.js').then((m) => (this.wcLogo = m.walletConnectLogo(36)));
  }

  private submitEmail(): void {
    this.emailError = connectWithEmail(this.email);
  }

  private renderEmail(): TemplateResult | undefined {
    if (!this.view.value.features.email) return undefined;
    return html`<form class="stack" @submit=${(e: Event) => (e.preventDefault(), this.submitEmail())}>
      <w3-ui-text-input
        label=${msg('Email')}
        hide-label
        type="email"
        autocomplete="email"
        placeholder=${msg('Email')}
        .value=${this.email}
        .error=${this.emailError && emailProblemText(this.emailError)}
        @w3-input=${(e: CustomEvent<{ value: string }>) => ((this.email = e.detail.value), (this.emailError = undefined))}
        @w3-submit=${() => this.submitEmail()}
      ></w3-ui-text-input>
      <w3-ui-button full-width @click=${() => this.submitEmail()}>${msg('Continue')}</w3-ui-button>
    </form>`;
  }

  private renderSocial(): TemplateResult | undefined {
    return renderSocialRow(this.view.value.features.socials);
  }

  private renderConnector(connector: Connector, tag: string | undefined) {
    return html`<w3-ui-list-item .tag=${rowTag(tag)} @click=${() => connectWithConnector(connector.id)}>
      ${connector.type === 'WALLET_CONNECT'
        ? html`<span slot="image" class="wc-logo">${this.wcLogo ?? nothing}</span>`
        : html`<w3-ui-wallet-image slot="image" .imageSrc=${connector.imageUrl}></w3-ui-wallet-image>`}
      ${connector.name}
    </w3-ui-list-item>`;
  }

  private renderRegistryWallet(wallet: RegistryWallet) {
    return html`<w3-ui-list-item data-wallet-id=${wallet.id} @click=${() => chooseRegistryWallet(wallet)}>
      <w3-ui-wallet-image slot="image" .imageSrc=${wallet.imageUrl}></w3-ui-wallet-image>
      ${wallet.name}
    </w3-ui-list-item>`;
  }

  /** The All Wallets row, the registry's error, or the hint that no registry is configured. */
  private renderRegistryFooter() {
    const { status, count, error } = this.view.value.registry;
    if (status === 'off') {
      return html`<p class="hint muted">
        ${msg(
          'Showing the wallets installed in this browser. More wallets and WalletConnect appear when this app sets a projectId and apiUrl.',
        )}
      </p>`;
    }
    if (status === 'error') {
      return html`<div class="registry-error" role="alert">
        <p class="error">${msg(str`Could not load more wallets: ${error}`)}</p>
        <w3-ui-button variant="secondary" size="sm" @click=${() => void retryWalletList()}>${msg('Try again')}</w3-ui-button>
      </div>`;
    }
    return html`<ul class="stack" aria-label=${msg('More wallets')}>
      <li>
        <w3-ui-list-item .tag=${walletCountTag(count)} chevron @click=${() => pushView('AllWallets')}>
          <w3-ui-wallet-image slot="image"></w3-ui-wallet-image>
          ${msg('All Wallets')}
        </w3-ui-list-item>
      </li>
    </ul>`;
  }

  private renderWallets(): TemplateResult | undefined {
    const { registry } = this.view.value;
    // With an All Wallets row (a registry) the list shows a few rows; the rest are one click away.
    const limited = registry.status !== 'off' && registry.status !== 'error';
    const all = this.view.value.rows;
    const rows = limited ? limitWalletRows(all, CONNECT_ROWS_WIDE) : all;
    const narrow = new Set(limited ? limitWalletRows(all, CONNECT_ROWS_NARROW) : all);
    const footer = this.renderRegistryFooter();
    if (rows.length === 0 && registry.status === 'off') return undefined;
    return html`${rows.length
        ? html`<ul class="stack" aria-label=${msg('Wallets')}>
            ${rows.map(
              (row) =>
                html`<li class=${narrow.has(row) ? '' : 'wide-only'}>
                  ${row.kind === 'connector' ? this.renderConnector(row.connector, row.tag) : this.renderRegistryWallet(row.wallet)}
                </li>`,
            )}
          </ul>`
        : nothing}
      <div class="registry">${footer}</div>`;
  }

  override render() {
    const renderers: Record<ConnectMethod, () => TemplateResult | undefined> = {
      email: () => this.renderEmail(),
      social: () => this.renderSocial(),
      wallet: () => this.renderWallets(),
    };
    const sections = this.view.value.features.connectMethodsOrder
      .map((method) => ({ method, content: renderers[method]() }))
      .filter((s): s is { method: ConnectMethod; content: TemplateResult } => !!s.content);
    if (sections.length === 0) {
      return html`<div class="empty">
        <p>${msg('No wallet found')}</p>
        <p class="muted">${msg('Install a browser wallet, then reload this page.')}</p>
        ${this.view.value.registry.status === 'off' ? this.renderRegistryFooter() : nothing}
        <w3-ui-button variant="secondary" @click=${() => pushView('WhatIsAWallet')}>${msg('What is a wallet?')}</w3-ui-button>
      </div>`;
    }
    // Passkey login belongs with the embedded wallet's ways in: after the last of e-mail and social
    // (the element shows itself only when the browser has WebAuthn and the embedded wallet is on).
    const embeddedLast = sections.filter((s) => s.method !== 'wallet').at(-1);
    return html`${sections.map(
      (s, i) =>
        html`${i > 0 ? html`<div class="divider" role="separator">${msg('or', { desc: 'Divider between two choices' })}</div>` : nothing}
          <section class="section" data-method=${s.method}>
            ${s.content}${s === embeddedLast ? html`<w3-passkey-login></w3-passkey-login>` : nothing}
          </section>`,
    )}`;
  }
}
