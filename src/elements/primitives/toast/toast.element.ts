import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { W3Element } from '../../base/w3-element.js';
import { icon } from '../icons.js';
import { toastStyles } from './toast.styles.js';

/**
 * @summary A toast: `role="status"` for loading and success, `role="alert"` for errors. With an
 * `action-label` it carries an action: a link opened in a new tab when `href` is set, otherwise a
 * button that fires `w3-toast-action`.
 * @event {{}} w3-toast-action - The action button (without `href`) was pressed.
 * @csspart toast - The toast box.
 * @csspart action - The action link or button.
 */
export class W3UiToast extends W3Element {
  static override readonly tagName = 'w3-ui-toast';
  static override styles = toastStyles;

  @property() message = '';
  @property() variant: 'loading' | 'success' | 'error' = 'success';
  @property({ type: Boolean, reflect: true }) open = false;
  /** The action's text, e.g. 'View on Etherscan' or 'Copy hash'; no action without it. */
  @property({ attribute: 'action-label' }) actionLabel: string | undefined;
  /** Where the action leads (http or https, opened in a new tab); without it the action is a button. */
  @property() href: string | undefined;

  private renderAction() {
    if (!this.actionLabel) return nothing;
    if (this.href && /^https?:\/\//i.test(this.href))
      return html`<a part="action" href=${this.href} target="_blank" rel="noopener noreferrer">${this.actionLabel}</a>`;
    return html`<button part="action" type="button" @click=${() => this.emit('w3-toast-action', {})}>${this.actionLabel}</button>`;
  }

  override render() {
    if (!this.message) return nothing;
    const lead =
      this.variant === 'loading'
        ? html`<w3-ui-spinner label=""></w3-ui-spinner>`
        : html`<span class="icon ${this.variant}">${icon(this.variant === 'error' ? 'warning' : 'check', 16)}</span>`;
    return html`<div
      part="toast"
      role=${this.variant === 'error' ? 'alert' : 'status'}
      aria-hidden=${this.open ? 'false' : 'true'}
      ?inert=${!this.open}
    >
      ${lead}<span>${this.message}</span> ${this.renderAction()}
    </div>`;
  }
}
