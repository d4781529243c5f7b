import { html, nothing, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';
import { StoreController } from '../../base/store-controller.js';
import type { ConnectMethod } from '../../../core/options.js';
import { $connectors, type Connector } from '../../../stores/connectors.js';
import { $features } from '../../../stores/options.js';
import { pushView } from '../../../stores/router.js';
import { $recentWallets } from '../../../stores/recent.js';
import { connectWithEmail, connectWithSocial, connectWithConnector, sortConnectors } from '../../../stores/connect.js';
import { W3Element } from '../../base/w3-element.js';
import { viewStyles } from '../view.styles.js';

const SOCIAL_LABELS: Record<string, string> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
};

/**
 * @summary The Connect view: e-mail, social and wallet sections in the configured order
 * (default email, social, wallet); empty sections are hidden.
 */
export class W3ConnectView extends W3Element {
  static override styles = viewStyles;

  private readonly features = new StoreController(this, $features);
  private readonly connectors = new StoreController(this, $connectors);
  private readonly recent = new StoreController(this, $recentWallets);
  @state() private email = '';
  @state() private emailError: string | undefined;

  private submitEmail(): void {
    this.emailError = connectWithEmail(this.email);
  }

  private renderEmail(): TemplateResult | undefined {
    if (!this.features.value.email) return undefined;
    return html`<form class="stack" @submit=${(e: Event) => (e.preventDefault(), this.submitEmail())}>
      <w3-ui-text-input
        label="Email"
        hide-label
        type="email"
        autocomplete="email"
        placeholder="Email"
        .value=${this.email}
        .error=${this.emailError}
        @w3-input=${(e: CustomEvent<{ value: string }>) => ((this.email = e.detail.value), (this.emailError = undefined))}
        @w3-submit=${() => this.submitEmail()}
      ></w3-ui-text-input>
      <w3-ui-button full-width @click=${() => this.submitEmail()}>Continue</w3-ui-button>
    </form>`;
  }

  private renderSocial(): TemplateResult | undefined {
    const socials = this.features.value.socials;
    if (!socials || socials.length === 0) return undefined;
    return html`<ul class="stack" aria-label="Social login">
      ${socials.map(
        (provider) =>
          html`<li>
            <w3-ui-list-item @click=${() => connectWithSocial(provider)}>
              <w3-ui-network-icon slot="image" .caipNetworkId=${provider} .name=${SOCIAL_LABELS[provider] ?? provider}></w3-ui-network-icon>
              Continue with ${SOCIAL_LABELS[provider] ?? provider}
            </w3-ui-list-item>
          </li>`,
      )}
    </ul>`;
  }

  private renderConnector(connector: Connector, tag: string | undefined) {
    return html`<li>
      <w3-ui-list-item .tag=${tag} @click=${() => connectWithConnector(connector.id)}>
        <w3-ui-wallet-image slot="image" .imageSrc=${connector.imageUrl}></w3-ui-wallet-image>
        ${connector.name}
      </w3-ui-list-item>
    </li>`;
  }

  private renderWallets(): TemplateResult | undefined {
    const list = sortConnectors(this.connectors.value, this.features.value.connectorTypeOrder, this.recent.value);
    if (list.length === 0) return undefined;
    return html`<ul class="stack" aria-label="Wallets">
      ${list.map(({ connector, tag }) => this.renderConnector(connector, tag))}
    </ul>`;
  }

  override render() {
    const renderers: Record<ConnectMethod, () => TemplateResult | undefined> = {
      email: () => this.renderEmail(),
      social: () => this.renderSocial(),
      wallet: () => this.renderWallets(),
    };
    const sections = this.features.value.connectMethodsOrder
      .map((method) => ({ method, content: renderers[method]() }))
      .filter((s): s is { method: ConnectMethod; content: TemplateResult } => !!s.content);
    if (sections.length === 0) {
      return html`<div class="empty">
        <p>No wallet found</p>
        <p class="muted">Install a browser wallet, then reload this page.</p>
        <w3-ui-button variant="secondary" @click=${() => pushView('WhatIsAWallet')}>What is a wallet?</w3-ui-button>
      </div>`;
    }
    return html`${sections.map(
      (s, i) =>
        html`${i > 0 ? html`<div class="divider" role="separator">or</div>` : nothing}
          <section class="section" data-method=${s.method}>${s.content}</section>`,
    )}`;
  }
}
