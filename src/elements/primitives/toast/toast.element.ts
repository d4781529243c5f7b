import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { W3Element } from '../../base/w3-element.js';
import { icon } from '../icons.js';
import { toastStyles } from './toast.styles.js';

/**
 * @summary A toast: `role="status"` for loading and success, `role="alert"` for errors.
 * @csspart toast - The toast box.
 */
export class W3UiToast extends W3Element {
  static override readonly tagName = 'w3-ui-toast';
  static override styles = toastStyles;

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
