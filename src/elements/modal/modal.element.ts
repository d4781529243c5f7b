import { html, nothing, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';
import { StoreController } from '../base/store-controller.js';
import { ANIMATION } from '../../core/constants.js';
import { W3Error } from '../../core/errors.js';
import { VIEW_TITLES, type ViewName } from '../../core/views.js';
import { configure } from '../../configure.js';
import { getInstance, type W3ModalInstance } from '../../instance.js';
import { $alert, closeAlert } from '../../stores/alerts.js';
import { emitEvent } from '../../stores/events.js';
import { $modal, closeModal, markViewShown } from '../../stores/modal.js';
import { goBack } from '../../stores/navigation.js';
import { $options } from '../../stores/options.js';
import { $router, pushView } from '../../stores/router.js';
import { $toast } from '../../stores/toast.js';
import { ThemedElement } from '../base/themed-element.js';
import { icon } from '../primitives/icons.js';
import { containsDeep, deepActiveElement, tabbables } from '../base/focus.js';
import { baseStyles, themeTokens } from '../styles/theme.js';
import { VIEW_LOADERS, type ViewClass } from '../views/registry.js';
import { optionsFromAttributes } from './declarative.js';
import { EventBridgeController } from './controllers/event-bridge.js';
import { modalStyles } from './modal.styles.js';

/** View classes loaded so far: a view seen before is created at once, without waiting on its loader. */
const loadedViews = new Map<ViewName, ViewClass>();

const reducedMotion = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

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
  /** Offer e-mail login (`email` or `email="true"`). */
  @property() email: string | null | undefined;
  /** Comma list of social providers. */
  @property() socials: string | undefined;

  /** Fires the w3-* events of the table in ../base/events.ts. */
  private readonly events = new EventBridgeController(this);
  private readonly modalState = new StoreController(this, $modal);
  private readonly router = new StoreController(this, $router);
  private readonly toast = new StoreController(this, $toast);
  private readonly alert = new StoreController(this, $alert);

  @query('.dialog') private dialogEl?: HTMLElement;
  @query('.body') private bodyEl?: HTMLElement;
  @query('.view') private viewWrapEl?: HTMLElement;
  @query('h2') private titleEl?: HTMLElement;

  private viewEl: HTMLElement | undefined;
  private viewRouterState: unknown;
  private opener: Element | null = null;
  private wasOpen = false;
  /** True from opening until the first view is shown: that one appears without the view transition. */
  private firstView = false;
  private resizeObserver: ResizeObserver | undefined;
  private lastBodyHeight = 0;
  /** True when this element's attributes configured the modal (then they may reconfigure it). */
  private ownsOptions = false;

  /** The instance API (DESIGN.md). */
  get modal(): W3ModalInstance {
    return getInstance();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    document.addEventListener('keydown', this.onKeyDown, true);
    document.addEventListener('focusin', this.onFocusIn);
    this.applyAttributes();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('keydown', this.onKeyDown, true);
    document.removeEventListener('focusin', this.onFocusIn);
    this.resizeObserver?.disconnect();
    this.resizeObserver = undefined;
  }

  /** Configures from attributes when `networks` is set and createW3Modal has not configured. */
  private applyAttributes(): void {
    if (!this.networks) return;
    if ($options.get() && !this.ownsOptions) return;
    try {
      configure(
        optionsFromAttributes({
          projectId: this.projectId,
          networks: this.networks,
          apiUrl: this.apiUrl,
          blockchainApiUrl: this.blockchainApiUrl,
          relayUrl: this.relayUrl,
          secureSiteUrl: this.secureSiteUrl,
          themeMode: this.themeMode,
          email: this.email,
          socials: this.socials,
        }),
      );
      this.ownsOptions = true;
    } catch (err) {
      const error = err instanceof Error ? err : new W3Error(String(err));
      console.error(`[w3kit] ${error.message}`);
      emitEvent('ERROR', { error, message: error instanceof W3Error ? error.shortMessage : error.message });
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const configKeys = [
      'projectId',
      'networks',
      'apiUrl',
      'blockchainApiUrl',
      'relayUrl',
      'secureSiteUrl',
      'themeMode',
      'email',
      'socials',
    ] as const;
    if (this.hasUpdated && configKeys.some((k) => changed.has(k))) this.applyAttributes();
    const storeOpen = this.modalState.value.open;
    if (changed.has('open') && this.open !== storeOpen && (this.hasUpdated || this.open)) {
      if (this.open) this.modal.open().catch(() => undefined);
      else closeModal();
    }
    this.open = $modal.get().open;
    this.view = this.router.value.view;
    if (this.open && !this.wasOpen) {
      this.opener = deepActiveElement();
      this.firstView = true;
    }
    if (this.open && this.viewRouterState !== this.router.value) this.prepareView();
    if (!this.open) {
      this.viewEl = undefined;
      this.viewRouterState = undefined;
    }
  }

  private prepareView(): void {
    const route = this.router.value;
    const { view } = route;
    this.viewRouterState = route;
    // The height the view had, so the resize that follows animates from it.
    if (this.viewWrapEl) this.lastBodyHeight = this.viewWrapEl.offsetHeight;
    const loaded = loadedViews.get(view);
    this.viewEl = loaded && document.createElement(loaded.tagName);
    if (loaded) return;
    void VIEW_LOADERS[view]?.().then((ViewClass) => {
      loadedViews.set(view, ViewClass);
      if (this.viewRouterState !== route || !this.open) return;
      this.viewEl = document.createElement(ViewClass.tagName);
      this.requestUpdate();
    });
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const opened = this.open && !this.wasOpen;
    const closed = !this.open && this.wasOpen;
    this.wasOpen = this.open;
    if (opened) this.observeHeight();
    if (closed) {
      this.resizeObserver?.disconnect();
      this.resizeObserver = undefined;
      this.lastBodyHeight = 0;
      const opener = this.opener as HTMLElement | null;
      this.opener = null;
      if (opener?.isConnected) opener.focus();
    }
    if (this.open && this.viewEl && this.viewEl.dataset['shown'] !== 'true') {
      const first = this.firstView;
      this.firstView = false;
      void this.afterViewRendered(this.viewEl, first);
    }
  }

  private async afterViewRendered(el: HTMLElement, first: boolean): Promise<void> {
    el.dataset['shown'] = 'true';
    const view = this.router.value.view;
    await customElements.whenDefined(el.localName);
    await (el as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
    if (el !== this.viewEl || !this.open) return;
    if (!first && !reducedMotion()) {
      this.titleEl?.animate([{ opacity: 0 }, { opacity: 1 }], { duration: ANIMATION.headerText, easing: 'ease-out' });
      this.viewWrapEl?.animate(
        [
          { opacity: 0, transform: 'translateY(6px)' },
          { opacity: 1, transform: 'none' },
        ],
        { duration: ANIMATION.viewTransition, easing: 'ease-out' },
      );
    }
    this.focusFirst();
    markViewShown(view);
  }

  /** Animates the body's height (150 ms) whenever the view's size changes. */
  private observeHeight(): void {
    if (typeof ResizeObserver === 'undefined' || !this.viewWrapEl) return;
    this.resizeObserver = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize?.[0]?.blockSize ?? entry?.contentRect.height ?? 0;
      const previous = this.lastBodyHeight;
      this.lastBodyHeight = height;
      if (!previous || Math.abs(previous - height) < 1 || reducedMotion() || !this.bodyEl) return;
      this.bodyEl.animate([{ height: `${previous}px` }, { height: `${height}px` }], {
        duration: ANIMATION.modalHeight,
        easing: 'ease-in-out',
      });
    });
    this.resizeObserver.observe(this.viewWrapEl);
  }

  private focusFirst(): void {
    const dialog = this.dialogEl;
    if (!dialog) return;
    const inView = this.viewWrapEl ? tabbables(this.viewWrapEl) : [];
    const target = inView[0] ?? tabbables(dialog)[0] ?? dialog;
    target.focus({ preventScroll: true });
  }

  private readonly onKeyDown = (e: KeyboardEvent): void => {
    if (!this.open || !this.dialogEl) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      closeModal();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = tabbables(this.dialogEl);
    const first = items[0];
    const last = items[items.length - 1];
    const active = deepActiveElement();
    if (!first || !last) {
      e.preventDefault();
      this.dialogEl.focus();
      return;
    }
    const outside = !containsDeep(this.dialogEl, active) || active === this.dialogEl;
    if (e.shiftKey && (active === first || outside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || outside)) {
      e.preventDefault();
      first.focus();
    }
  };

  private readonly onFocusIn = (e: FocusEvent): void => {
    if (!this.open || !this.dialogEl) return;
    const target = e.composedPath()[0] as Node | undefined;
    if (target && !containsDeep(this, target)) this.focusFirst();
  };

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

  private renderToast() {
    const toast = this.toast.value;
    return html`<div class="toast">
      <w3-ui-toast .message=${toast.message} .variant=${toast.variant} ?open=${toast.open}></w3-ui-toast>
    </div>`;
  }

  private renderAlert() {
    const alert = this.alert.value;
    if (!alert) return nothing;
    // Errors interrupt (role alert); the warning is announced politely (role status).
    const warning = alert.variant === 'warning';
    return html`<div class="alert ${alert.variant}" role=${warning ? 'status' : 'alert'} part="alert">
      ${icon('warning')}
      <div>
        <strong><span class="visually-hidden">${warning ? 'Warning: ' : 'Error: '}</span>${alert.shortMessage}</strong> ${alert.longMessage}
      </div>
      <w3-ui-icon-button icon="close" label="Dismiss alert" @click=${closeAlert}></w3-ui-icon-button>
    </div>`;
  }

  override render() {
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
              <h2 id="w3-modal-title" part="title" aria-live="polite">${title}</h2>
              <w3-ui-icon-button icon="close" label="Close" @click=${() => closeModal()}></w3-ui-icon-button>
            </header>
            <div class="body" part="body">
              <div class="view">${this.viewEl}</div>
            </div>
          </div>
        </div>`
      : nothing;
    return html`${dialog}${this.renderToast()}${this.renderAlert()}`;
  }
}
