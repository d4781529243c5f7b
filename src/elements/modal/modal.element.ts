import { nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { StoreController } from '../base/store-controller.js';
import { W3Error } from '../../core/errors.js';
import type { ViewName } from '../../core/views.js';
import { configure } from '../../configure.js';
import { getInstance, type W3ModalInstance } from '../../instance.js';
import { $alert } from '../../stores/ui/alert-state.js';
import { emitEvent } from '../../stores/app/events.js';
import { $modal, closeModal } from '../../stores/ui/modal.js';
import { $options } from '../../stores/app/options.js';
import { $router } from '../../stores/ui/router.js';
import { $toast } from '../../stores/ui/toast-state.js';
import { $frameElement } from '../../stores/embedded/frame-element.js';
import { ThemedElement } from '../base/themed-element.js';
import { baseStyles, themeTokens } from '../styles/theme.js';
import { EventBridgeController } from './controllers/event-bridge.js';
import { DECLARATIVE_KEYS, optionsFromAttributes } from './declarative.js';
import type { ModalShell } from './modal-shell.js';
import { claimModal, isPrimaryModal, releaseModal } from './one-modal.js';
import { loadModalShell, modalShell, whenShellLoaded } from './shell-loader.js';

/**
 * @summary The wallet modal: a dialog with a header, a stack of named views, toasts and alerts.
 * Configure it by attributes or with `createW3Modal`; `modal` is the instance API either way.
 *
 * @event {{ view: string }} w3-open - The modal opened.
 * @event {{}} w3-close - The modal closed.
 * @event {{ address: string, caipAddress: string, namespace: string, connectorId: string, restored: boolean }} w3-connect - A wallet connected; `restored` is true when a stored connection came back at load (count a connection once), false for one made now.
 * @event {{ namespace: string }} w3-disconnect - A wallet disconnected.
 * @event {{ caipNetworkId: string }} w3-network-change - The active network changed.
 * @event {{ error: Error, message: string }} w3-error - Something failed (bad configuration, wallet error).
 * @event {{ namespace: string, address: string, caipNetworkId: string }} w3-siwx-sign-in - The account signed in (Sign in with X).
 * @event {{ namespace: string, address: string, caipNetworkId: string }} w3-siwx-sign-out - The account's sign-in was revoked on disconnect.
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
  // The dialog's own styles come with the shell (./modal-shell.ts).
  static override styles = [themeTokens, baseStyles];

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
  /** Offer swapping tokens in the Account view (`swaps` or `swaps="true"`). */
  @property() swaps: string | null | undefined;
  /** Offer buying crypto through an on-ramp in the Account view (`onramp` or `onramp="true"`). */
  @property() onramp: string | null | undefined;

  private readonly modalState = new StoreController(this, $modal);
  private readonly router = new StoreController(this, $router);

  /** Fires the w3-* events of the table in ../base/events.ts (the primary modal only). */
  private readonly events = new EventBridgeController(this, () => isPrimaryModal(this));
  /** Shows a toast or an alert while the dialog shell loads (re-renders on them). */
  private readonly toast = new StoreController(this, $toast);
  private readonly alert = new StoreController(this, $alert);
  /** The embedded wallet's iframe, once the bridge made it: the shell (which holds it) loads for it. */
  private readonly frameElement = new StoreController(this, $frameElement);
  /** The dialog, toasts and alerts: a lazy chunk (./shell-loader.ts), created when first needed. */
  private shell: ModalShell | undefined;

  /** True when this element's attributes configured the modal (then they may reconfigure it). */
  private ownsOptions = false;

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
    // The shell is made when its chunk arrives, off the click's path (see ensureShell).
    void whenShellLoaded().then(() => this.requestUpdate());
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
    this.ensureShell();
  }

  /**
   * Creates the shell as soon as its chunk is there (the idle prefetch brings it, so a click finds
   * it ready: its styles adopted, its controllers connected); when it is needed before that (an
   * open, a toast, an alert, the embedded wallet's iframe to hold), loads it first.
   */
  private ensureShell(): ModalShell | undefined {
    if (this.shell || !isPrimaryModal(this)) return this.shell;
    const module = modalShell();
    if (module) this.shell = new module.ModalShell(this, W3Modal.elementStyles, () => this.showsDialog);
    else if (this.showsDialog || this.toast.value.open || this.alert.value || this.frameElement.value)
      loadModalShell().then(
        () => this.requestUpdate(),
        (err: unknown) => console.error('[w3kit] could not load the modal', err),
      );
    return this.shell;
  }

  override render() {
    if (!isPrimaryModal(this)) return nothing;
    return this.shell?.render(this.open) ?? nothing;
  }
}
