/**
 * The embedded wallet's iframe in the modal (issue 15): the bridge creates it (`$frameElement`),
 * the modal's shell holds it in one container of its shadow root, appended once and never moved or
 * removed while the element lives (moving an iframe reloads it, losing the frame's state).
 * Hidden (off-screen, zero-size, invisible, inert, aria-hidden; never `display: none`, so it keeps
 * loading and answering) until the frame asks to be seen and the ApproveTransaction view shows;
 * then the container is laid over the room that view keeps for it, following it each frame while
 * shown, and the iframe is tabbable (the focus trap counts the container as part of the dialog).
 * Each frame it publishes where the frame is, whether the room is cut off and whether an
 * animation runs in the modal (`$frameLayout`, sent to the frame's click guard) when that changed.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { HostLayoutMessage } from '../../../frame/messages.js';
import { $frameLayout } from '../../../stores/embedded/frame-element.js';
import { $frameElement, $frameView } from '../../../stores/embedded/state.js';

/** The container's id in the shadow root (the dialog's body owns it for assistive technology). */
export const FRAME_CONTAINER_ID = 'w3-embedded-frame';

export interface FrameHostOptions {
  /** Whether the frame should show now (the dialog open on ApproveTransaction); the room decides where. */
  wanted(): boolean;
  /** The room the current view keeps for the frame, if any. */
  room(): HTMLElement | null | undefined;
  /** The scrolling area the room is in: the frame is cut to it (never over the header). */
  clip(): HTMLElement | null | undefined;
}

const HIDDEN =
  'position: fixed; inset-block-start: 0; inset-inline-start: -10000px; inline-size: 0; block-size: 0; overflow: hidden; visibility: hidden; pointer-events: none;';
/* The room's place comes from getBoundingClientRect, in viewport pixels from the top left. */
/* What the frame's click guard hears while the frame is hidden: nowhere, and cut off. */
const HIDDEN_LAYOUT: HostLayoutMessage = {
  kind: 'layout',
  rect: { x: -10000, y: 0, width: 0, height: 0 },
  clipped: true,
  animating: false,
};
const SHOWN = 'position: fixed; inset: 0 auto auto 0; overflow: hidden; visibility: visible; z-index: calc(var(--w3i-z-index, 999) + 1);';

/** A finite animation that runs (a looping one, such as a spinner, moves nothing for good). */
const moves = (animation: Animation): boolean =>
  animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity;

export class FrameHostController implements ReactiveController {
  /** The frame's container: created and appended to the host's shadow root once, then kept. */
  readonly container: HTMLDivElement;
  private unsubscribe: (() => void)[] = [];
  private raf = 0;
  private placed = '';
  private reported = '';

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { readonly renderRoot: HTMLElement | DocumentFragment },
    private readonly options: FrameHostOptions,
  ) {
    this.container = document.createElement('div');
    this.container.className = 'frame';
    this.container.setAttribute('part', 'frame');
    this.container.id = FRAME_CONTAINER_ID;
    this.hide();
    host.addController(this);
  }

  hostConnected(): void {
    const update = (): void => this.host.requestUpdate();
    this.unsubscribe = [$frameElement.listen(update), $frameView.listen(update)];
    this.sync();
  }

  hostDisconnected(): void {
    this.unsubscribe.forEach((stop) => stop());
    this.unsubscribe = [];
    this.stopFollowing();
  }

  hostUpdated(): void {
    this.sync();
  }

  /** Puts the iframe in the container (once), then shows or hides it. */
  private sync(): void {
    const iframe = $frameElement.get();
    if (!iframe) return;
    // First in the shadow root: before the marker of Lit's rendered content, which Lit clears up to the root's end.
    const root = this.host.renderRoot;
    if (this.container.parentNode !== root) root.insertBefore(this.container, root.firstChild);
    // A new iframe (the bridge made another) replaces the old one; the same one is never moved.
    if (iframe.parentNode !== this.container) {
      iframe.style.cssText += 'display: block; inline-size: 100%; block-size: 100%; border: 0;';
      iframe.setAttribute('tabindex', this.placed === HIDDEN ? '-1' : '0');
      this.container.replaceChildren(iframe);
    }
    if ($frameView.get().visible && this.options.wanted()) this.follow();
    else this.stopFollowing();
  }

  /** Lays the container over the room each frame while shown (the dialog animates and scrolls). */
  private follow(): void {
    if (this.raf) return;
    const step = (): void => {
      this.raf = requestAnimationFrame(step);
      if (!$frameView.get().visible || !this.options.wanted()) return this.stopFollowing();
      this.place(this.options.room(), this.options.clip()?.getBoundingClientRect());
    };
    step();
  }

  private place(room: HTMLElement | null | undefined, area: DOMRect | undefined): void {
    const rect = room?.getBoundingClientRect();
    if (!rect || rect.width === 0) return this.hide();
    const cut = (n: number) => `${Math.max(0, n)}px`;
    const clip = area ? `clip-path: inset(${cut(area.top - rect.top)} 0 ${cut(rect.bottom - area.bottom)} 0);` : '';
    // On whole pixels: an iframe at a half pixel blends its edge row into a line under the screen.
    const placed = `${SHOWN} inline-size: ${rect.width}px; block-size: ${rect.height}px; transform: translate(${Math.round(rect.left)}px, ${Math.round(rect.top)}px); ${clip}`;
    const root = this.host.renderRoot as unknown as Partial<DocumentOrShadowRoot>;
    this.report({
      kind: 'layout',
      rect: { x: rect.left, y: rect.top, width: rect.width, height: rect.height },
      clipped: area !== undefined && (area.top - rect.top > 0.5 || rect.bottom - area.bottom > 0.5),
      animating: root.getAnimations?.().some(moves) ?? false,
    });
    if (placed === this.placed) return;
    this.placed = placed;
    this.container.style.cssText = placed;
    this.container.removeAttribute('aria-hidden');
    this.container.inert = false;
    $frameElement.get()?.setAttribute('tabindex', '0');
  }

  private stopFollowing(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.hide();
  }

  /** Publishes the layout for the frame's click guard when it changed. */
  private report(layout: HostLayoutMessage): void {
    const key = JSON.stringify(layout);
    if (key === this.reported) return;
    this.reported = key;
    $frameLayout.set(layout);
  }

  private hide(): void {
    this.report(HIDDEN_LAYOUT);
    if (this.placed === HIDDEN) return;
    this.placed = HIDDEN;
    this.container.style.cssText = HIDDEN;
    this.container.setAttribute('aria-hidden', 'true');
    this.container.inert = true;
    $frameElement.get()?.setAttribute('tabindex', '-1');
  }
}
