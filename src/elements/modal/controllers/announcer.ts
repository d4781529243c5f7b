/**
 * The modal's polite live region (spec section 1, accessibility): announces the view's title
 * when a view is shown, and 'Loading…' while a view's code loads. Toasts and alerts are live
 * regions of their own (role status, errors role alert) and are not repeated here, so each is
 * announced once; the title heading is not a live region either.
 */
import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { msg } from '../../base/localize.js';

export interface AnnouncerOptions {
  /** Whether a view is loading (the modal is open and its view's element is not there yet). */
  loading(): boolean;
}

export class AnnouncerController implements ReactiveController {
  /** The text the region holds. */
  text = '';
  private wasLoading = false;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: AnnouncerOptions,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const loading = this.options.loading();
    if (loading && !this.wasLoading) this.announce(msg('Loading…'));
    this.wasLoading = loading;
  }

  /** Puts `text` in the region (emptied first, so the same text said twice is announced twice). */
  announce(text: string): void {
    if (this.text === text) {
      this.text = '';
      this.host.requestUpdate();
      requestAnimationFrame(() => this.announce(text));
      return;
    }
    this.text = text;
    this.host.requestUpdate();
  }

  render(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-live>${this.text}</div>`;
  }
}
