import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { StoreController } from '../base/store-controller.js';
import { W3Error } from '../../core/errors.js';
import { VIEW_TITLES, type ViewName } from '../../core/views.js';
import { configure } from '../../configure.js';
import { getInstance, type W3ModalInstance } from '../../instance.js';
import { emitEvent } from '../../stores/events.js';
import { $modal, closeModal, markViewShown } from '../../stores/modal.js';
import { goBack } from '../../stores/navigation.js';
import { $options } from '../../stores/options.js';
import { $router, pushView } from '../../stores/router.js';
import { ThemedElement } from '../base/themed-element.js';
import { baseStyles, themeTokens } from '../styles/theme.js';
import { VIEW_LOADERS } from '../views/registry.js';
import { AnnouncerController } from './controllers/announcer.js';
import { EventBridgeController } from './controllers/event-bridge.js';
import { FocusTrapController } from './controllers/focus-trap.js';
import { HeightAnimationController } from './controllers/height-animation.js';
import { NoticesController } from './controllers/notices.js';
import { playViewTransition } from './controllers/view-transition.js';
import { ViewHostController } from './controllers/view-host.js';
import { DECLARATIVE_KEYS, optionsFromAttributes } from './declarative.js';
import { claimModal, isPrimaryModal, releaseModal } from './one-modal.js';
import { modalStyles } from './modal.styles.js';

/**
 * @summary The wallet modal: a dialog with a header, a stack of named views, toasts and alerts.
 * Configure it by attributes or with `createW3Modal`; `modal` is the instance API either way.
 *
 * @event {{ view: string }} w3-open - The modal opened.
 * @event {{}} w3-close - The modal closed.
 * @event {{ address: string, caipAddress: string, namespace: string }} w3-connect - A wallet connected.
 * @event {{ namespace: string }} w3-disconnect - A wallet disconnected.
 * @event {{ caipNetworkId: string }} w3-network-change - The active network changed.
 * @event {{ error: Error, message: string }} w3-error - Something failed (bad configuration, wallet error).
 *
 * @csspart overlay - The backdrop.
 * @csspart dialog - The dialog box.
 * @csspart header - The header row.
 * @csspart title - The view's title.
 * @csspart body - The scrolling body that holds the view.
 *
 * @cssprop --w3-accent - Accent colour (buttons, links, focus).
 * @cssprop --w3-font-family - Font family.
 * @cssprop --w3-font-size-master - Base unit of the type scale (default 10px).
 * @cssprop --w3-border-radius-master - Base unit of the radii (default 4px).
 * @cssprop --w3-z-index - z-index of the overlay (default 999).
 * @cssprop --w3-overlay-background - Backdrop colour.
 * @cssprop --w3-color-mix - A colour mixed into the backgrounds.
 * @cssprop --w3-color-mix-strength - How much of --w3-color-mix is mixed in (a percentage).
 */
export class W3Modal extends ThemedElement {
  static override readonly tagName = 'w3-modal';
  static override styles = [themeTokens, baseStyles, modalStyles];

  /** Open state; setting it opens or closes the modal. */
  @property({ type: Boolean, reflect: true }) open = false;
  /** The current view's name (read-only mirror of the router). */
  @property({ reflect: true }) view: ViewName = 'Connect';
  /** Project id sent to the backend. */
  @property({ attribute: 'project-id' }) projectId: string | undefined;
  /** Comma list of CAIP-2 network ids of presets, e.g. `eip155:1,eip155:31337`. */
  @property() networks: string | undefined;
  @property({ attribute: 'api-url' }) apiUrl: string | undefined;
  @property({ attribute: 'blockchain-api-url' }) blockchainApiUrl: string | undefined;
  @property({ attribute: 'relay-url' }) relayUrl: string | undefined;
  @property({ attribute: 'secure-site-url' }) secureSiteUrl: string | undefined;
  /** `light` or `dark`; unset follows prefers-color-scheme. */
  @property({ attribute: 'theme-mode' }) themeMode: string | undefined;
  /** The locale, a BCP 47 tag (`de`, `pt-BR`, `ar`); unset follows the page's `lang`, then the browser's languages. */
  @property() locale: string | undefined;
  /** Offer e-mail login (`email` or `email="true"`). */
  @property() email: string | null | undefined;
  /** Comma list of social providers. */
  @property() socials: string | undefined;

  private readonly modalState = new StoreController(this, $modal);
  private readonly router = new StoreController(this, $router);

  /** Fires the w3-* events of the table in ../base/events.ts (the primary modal only). */
  private readonly events = new EventBridgeController(this, () => isPrimaryModal(this));
  private readonly notices = new NoticesController(this);
  private readonly height = new HeightAnimationController(this, {
    active: () => this.showsDialog,
    content: () => this.shadowElement('.view'),
    frame: () => this.shadowElement('.body'),
  });
  private readonly focusTrap = new FocusTrapController(this, {
    active: () => this.showsDialog,
    container: () => this.shadowElement('.dialog'),
    initial: () => this.shadowElement('.view'),
    onEscape: () => closeModal(),
  });
  /** The polite live region: the view's title when shown, 'Loading…' while a view loads. */
  private readonly announcer = new AnnouncerController(this, { loading: () => this.showsDialog && !this.viewHost.element });
  private readonly viewHost = new ViewHostController(this, {
    loaders: VIEW_LOADERS,
    active: () => this.showsDialog,
    route: () => this.router.value,
    beforeChange: () => this.height.remember(),
    shown: (view, first) => {
      if (!first) playViewTransition(this.shadowElement('h2'), this.shadowElement('.view'));
      this.focusTrap.focusFirst();
      this.announcer.announce(this.shadowElement('h2')?.textContent?.trim() ?? view);
      markViewShown(view);
    },
  });

  /** True when this element's attributes configured the modal (then they may reconfigure it). */
  private ownsOptions = false;

  /** An element of the shadow DOM (the dialog, its body, the view wrapper, the title), if rendered. */
  private shadowElement(selector: string): HTMLElement | undefined {
    return this.renderRoot.querySelector<HTMLElement>(selector) ?? undefined;
  }

  /** The instance API (DESIGN.md). */
  get modal(): W3ModalInstance {
    return getInstance();
  }

  /**
   * Whether this element shows the dialog: it is open and the page's one modal (a second
   * `<w3-modal>` stays inert; see ./one-modal.ts).
   */
  private get showsDialog(): boolean {
    return this.open && isPrimaryModal(this);
  }

  override connectedCallback(): void {
    claimModal(this);
    super.connectedCallback();
    this.applyAttributes();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    releaseModal(this);
  }

  /** Configures from attributes when `networks` is set and createW3Modal has not configured. */
  private applyAttributes(): void {
    if (!this.networks) return;
    if ($options.get() && !this.ownsOptions) return;
    try {
      configure(optionsFromAttributes(this));
      this.ownsOptions = true;
    } catch (err) {
      const error = err instanceof Error ? err : new W3Error(String(err));
      console.error(`[w3kit] ${error.message}`);
      emitEvent('ERROR', { error, message: error instanceof W3Error ? error.shortMessage : error.message });
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (this.hasUpdated && DECLARATIVE_KEYS.some((k) => changed.has(k))) this.applyAttributes();
    const storeOpen = this.modalState.value.open;
    if (changed.has('open') && this.open !== storeOpen && (this.hasUpdated || this.open)) {
      if (this.open) this.modal.open().catch(() => undefined);
      else closeModal();
    }
    this.open = $modal.get().open;
    this.view = this.router.value.view;
  }

  private onOverlayClick(e: MouseEvent): void {
    if (e.target === e.currentTarget) closeModal();
  }

  private renderHeaderStart() {
    const { history, view } = this.router.value;
    if (history.length > 1) {
      return html`<w3-ui-icon-button icon="back" label="Back" @click=${goBack}></w3-ui-icon-button>`;
    }
    if (view === 'Connect') {
      return html`<w3-ui-icon-button icon="help" label="What is a wallet?" @click=${() => pushView('WhatIsAWallet')}></w3-ui-icon-button>`;
    }
    return html`<span></span>`;
  }

  override render() {
    if (!isPrimaryModal(this)) return nothing;
    const { view, data } = this.router.value;
    const title = (typeof data?.['title'] === 'string' ? data['title'] : undefined) ?? VIEW_TITLES[view] ?? view;
    const dialog = this.open
      ? // The overlay's keyboard equivalent is Escape, handled on the document.
        // eslint-disable-next-line lit-a11y/click-events-have-key-events
        html`<div class="overlay" part="overlay" @click=${this.onOverlayClick}>
          <div
            class="dialog ${this.modalState.value.shake ? 'shake' : ''}"
            part="dialog"
            role="dialog"
            aria-modal="true"
            aria-labelledby="w3-modal-title"
            tabindex="-1"
          >
            <header part="header">
              ${this.renderHeaderStart()}
              <h2 id="w3-modal-title" part="title">${title}</h2>
              <w3-ui-icon-button icon="close" label="Close" @click=${() => closeModal()}></w3-ui-icon-button>
            </header>
            <div class="body" part="body">
              <div class="view">${this.viewHost.element}</div>
            </div>
            ${this.announcer.render()}
          </div>
        </div>`
      : nothing;
    return html`${dialog}${this.notices.renderToast()}${this.notices.renderAlert()}`;
  }
}
