/**
 * The modal's dialog shell (a lazy chunk: ./shell-loader.ts): the dialog with its header and the
 * current view, the focus trap, the height animation, the toast and the alert, and their styles.
 * `<w3-modal>` (first chunk) keeps its attributes, its instance API and its events, and renders
 * through this once it has loaded.
 */
import { adoptStyles, html, nothing, type CSSResultOrNative, type ReactiveControllerHost } from 'lit';
import type { ViewName } from '../../core/views.js';
import { $modal, closeModal, markViewShown } from '../../stores/ui/modal.js';
import { goBack } from '../../stores/connection/navigation.js';
import { $toast } from '../../stores/ui/toast-state.js';
import { $router, pushView } from '../../stores/ui/router.js';
import { $frameTask } from '../../stores/embedded/state.js';
import { msg } from '../base/localize.js';
import { definePrimitives } from '../primitives/index.js';
import { VIEW_LOADERS } from '../views/registry.js';
import { adapterEntry, chainRules, loadChainRules } from '../../chains/registry.js';
import { $networks } from '../../stores/network/networks.js';
import { AnnouncerController } from './controllers/announcer.js';
import { FocusTrapController } from './controllers/focus-trap.js';
import { FRAME_CONTAINER_ID, FrameHostController } from './controllers/frame-host.js';
import { HeightAnimationController } from './controllers/height-animation.js';
import { NoticesController } from './controllers/notices.js';
import { playViewTransition } from './controllers/view-transition.js';
import { ToastFocusController } from './controllers/toast-focus.js';
import { ViewHostController } from './controllers/view-host.js';
import { modalStyles } from './modal.styles.js';
import { visuallyHiddenStyles } from '../styles/a11y.js';
import { viewTitle } from './view-titles.js';

export interface ShellHost extends ReactiveControllerHost, HTMLElement {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class ModalShell {
  private readonly notices: NoticesController;
  private readonly height: HeightAnimationController;
  private readonly focusTrap: FocusTrapController;
  private readonly viewHost: ViewHostController;
  /** The polite live region: the view's title when shown, 'Loading…' while a view loads. */
  private readonly announcer: AnnouncerController;

  /**
   * Adds the shell's controllers to `host` and its styles to the host's shadow root (after
   * `styles`, the element's own). `active` tells whether the host shows the dialog.
   */
  constructor(
    private readonly host: ShellHost,
    styles: CSSResultOrNative[],
    active: () => boolean,
  ) {
    definePrimitives();
    if (host.renderRoot instanceof ShadowRoot) adoptStyles(host.renderRoot, [...styles, modalStyles, visuallyHiddenStyles]);
    this.notices = new NoticesController(host);
    this.height = new HeightAnimationController(host, {
      active,
      content: () => this.shadowElement('.view'),
      frame: () => this.shadowElement('.body'),
    });
    this.focusTrap = new FocusTrapController(host, {
      active,
      container: () => this.shadowElement('.dialog'),
      initial: () => this.shadowElement('.view'),
      onEscape: () => closeModal(),
      // The embedded wallet's frame, when shown over ApproveTransaction (inert and untabbable otherwise).
      also: () => [this.shadowElement('.toast'), this.shadowElement(`#${FRAME_CONTAINER_ID}`)],
    });
    new ToastFocusController(host, {
      toast: () => this.shadowElement('w3-ui-toast'),
      open: () => $toast.get().open,
      focusDialog: () => {
        if (!active()) return false;
        this.focusTrap.focusFirst();
        return true;
      },
    });
    // The embedded wallet's iframe: kept in one place of the shadow root, shown over ApproveTransaction's room.
    new FrameHostController(host, {
      wanted: () => active() && $router.get().view === 'ApproveTransaction',
      room: () => this.shadowElement('.view')?.firstElementChild?.shadowRoot?.querySelector<HTMLElement>('[data-frame-room]'),
      clip: () => this.shadowElement('.body'),
    });
    this.announcer = new AnnouncerController(host, { loading: () => active() && !this.viewHost.element });
    this.viewHost = new ViewHostController(host, {
      loaders: VIEW_LOADERS,
      // A namespace configured just now may still be loading its rules (headings, Send's address rule).
      ready: rulesPending,
      active,
      route: () => $router.get(),
      beforeChange: () => this.height.remember(),
      shown: (view: ViewName, first: boolean) => {
        if (!first) playViewTransition(this.shadowElement('h2'), this.shadowElement('.view'));
        this.focusTrap.focusFirst();
        this.announcer.announce(this.shadowElement('h2')?.textContent?.trim() ?? view);
        markViewShown(view);
      },
    });
  }

  /** An element of the shadow DOM (the dialog, its body, the view wrapper, the title), if rendered. */
  private shadowElement(selector: string): HTMLElement | undefined {
    return this.host.renderRoot.querySelector<HTMLElement>(selector) ?? undefined;
  }

  /**
   * The embedded wallet's frame sits outside the dialog in the DOM (it never moves); the body owns
   * it, so assistive technology finds it inside the modal dialog.
   */
  private frameOwned() {
    return this.host.renderRoot.querySelector(`#${FRAME_CONTAINER_ID}`) ? FRAME_CONTAINER_ID : nothing;
  }

  private onOverlayClick(e: MouseEvent): void {
    if (e.target === e.currentTarget) closeModal();
  }

  private renderHeaderStart() {
    const { history, view } = $router.get();
    if (history.length > 1) {
      return html`<w3-ui-icon-button icon="back" label=${msg('Back')} @click=${goBack}></w3-ui-icon-button>`;
    }
    if (view === 'Connect') {
      return html`<w3-ui-icon-button
        icon="help"
        label=${msg('What is a wallet?')}
        @click=${() => pushView('WhatIsAWallet')}
      ></w3-ui-icon-button>`;
    }
    return html`<span></span>`;
  }

  /** The dialog while `open`, then the toast and the alert. */
  render(open: boolean) {
    const { view, data } = $router.get();
    const title = (typeof data?.['title'] === 'string' ? data['title'] : undefined) ?? viewTitle(view, $frameTask.get()) ?? view;
    const dialog = open
      ? // The overlay's keyboard equivalent is Escape, handled on the document.
        // eslint-disable-next-line lit-a11y/click-events-have-key-events
        html`<div class="overlay" part="overlay" @click=${this.onOverlayClick}>
          <div
            class="dialog ${$modal.get().shake ? 'shake' : ''}"
            part="dialog"
            role="dialog"
            aria-modal="true"
            aria-labelledby="w3-modal-title"
            tabindex="-1"
          >
            <header part="header">
              ${this.renderHeaderStart()}
              <h2 id="w3-modal-title" part="title">${title}</h2>
              <w3-ui-icon-button icon="close" label=${msg('Close')} @click=${() => closeModal()}></w3-ui-icon-button>
            </header>
            <div class="body" part="body" aria-owns=${this.frameOwned()}>
              <div class="view">${this.viewHost.element}</div>
            </div>
            ${this.announcer.render()}
          </div>
        </div>`
      : nothing;
    return html`${dialog}${this.notices.renderToast()}${this.notices.renderAlert()}`;
  }
}

/**
 * The configured namespaces' lazy rules still loading (a namespace configured just now: its
 * Networks heading, Send's address rule), or undefined when every one is there; never rejects
 * (a view shows without rules that could not load).
 */
function rulesPending(): Promise<unknown> | undefined {
  const waiting = [...new Set($networks.get().map((n) => n.chainNamespace))].filter((ns) => adapterEntry(ns)?.loadRules && !chainRules(ns));
  return waiting.length ? Promise.all(waiting.map(loadChainRules)).catch(() => undefined) : undefined;
}
