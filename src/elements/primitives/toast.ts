import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { W3Element } from '../base/w3-element.js';
import { icon } from './icons.js';

/**
 * @summary A toast: `role="status"` for loading and success, `role="alert"` for errors.
 * @csspart toast - The toast box.
 */
export class W3UiToast extends W3Element {
  static override readonly tagName = 'w3-ui-toast';
  static override styles = css`
    :host {
      display: block;
      pointer-events: none;
    }
    div {
      display: inline-flex;
      align-items: center;
      gap: 8px;
      max-width: 320px;
      padding: 8px 14px 8px 10px;
      border-radius: var(--w3i-radius-full, 999px);
      background: var(--w3i-bg);
      color: var(--w3i-fg);
      border: 1px solid var(--w3i-border);
      box-shadow: var(--w3i-shadow);
      font: 500 var(--w3i-text-sm, 14px) / 1.3 var(--w3i-font-family);
      opacity: 0;
      transform: translateY(-6px);
      transition:
        opacity 0.15s ease,
        transform 0.15s ease;
    }
    :host([open]) div {
      opacity: 1;
      transform: none;
    }
    .icon.success {
      color: var(--w3i-success);
    }
    .icon.error {
      color: var(--w3i-error);
    }
    w3-ui-spinner {
      --w3-spinner-size: 16px;
    }
    @media (prefers-reduced-motion: reduce) {
      div {
        transition: none;
      }
    }
  `;

  @property() message = '';
  @property() variant: 'loading' | 'success' | 'error' = 'success';
  @property({ type: Boolean, reflect: true }) open = false;

  override render() {
    if (!this.message) return nothing;
    const lead =
      this.variant === 'loading'
        ? html`<w3-ui-spinner label=""></w3-ui-spinner>`
        : html`<span class="icon ${this.variant}">${icon(this.variant === 'error' ? 'warning' : 'check', 16)}</span>`;
    return html`<div part="toast" role=${this.variant === 'error' ? 'alert' : 'status'} aria-hidden=${this.open ? 'false' : 'true'}>
      ${lead}<span>${this.message}</span>
    </div>`;
  }
}
