import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { msg } from '../../base/localize.js';
import { baseStyles } from '../../styles/theme.js';
import { W3Element } from '../../base/w3-element.js';
import { buttonStyles } from './button.styles.js';

/**
 * @summary A button: props in, a native click out.
 * @slot - The label.
 * @slot prefix - An icon before the label.
 * @csspart button - The native button.
 * @cssprop --w3-accent - Background of the primary variant.
 */
export class W3UiButton extends W3Element {
  static override readonly tagName = 'w3-ui-button';
  static override styles = [baseStyles, buttonStyles];

  /** `primary` (accent), `secondary` (surface) or `ghost`. */
  @property({ reflect: true }) variant: 'primary' | 'secondary' | 'ghost' = 'primary';
  @property({ reflect: true }) size: 'sm' | 'md' = 'md';
  @property({ type: Boolean, reflect: true }) disabled = false;
  @property({ type: Boolean, reflect: true, attribute: 'full-width' }) fullWidth = false;
  /** Accessible name when the label is not text. */
  @property() label: string | undefined;
  @property({ attribute: 'aria-busy' }) busy: string | undefined;
  /**
   * The button started a request the wallet has not answered: `wallet` says 'Confirm in your
   * wallet', `sign` says 'Signing…' (in place of the label, with a spinner); the native button
   * stays focusable, busy and aria-disabled, and a click does nothing.
   */
  @property({ reflect: true }) pending: 'wallet' | 'sign' | undefined;

  /** A click while pending goes no further than the button. */
  private onClick(e: Event): void {
    if (this.pending) e.stopImmediatePropagation();
  }

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  override render() {
    const pending = this.pending === 'sign' || this.pending === 'wallet' ? this.pending : undefined;
    return html`<button
      part="button"
      type="button"
      ?disabled=${this.disabled && !pending}
      aria-disabled=${ifDefined(pending ? 'true' : undefined)}
      aria-label=${ifDefined(pending ? undefined : this.label)}
      aria-busy=${ifDefined(pending ? 'true' : this.busy)}
      @click=${this.onClick}
    >
      ${pending
        ? html`<w3-ui-spinner label=""></w3-ui-spinner
            ><span data-pending
              >${pending === 'sign'
                ? msg('Signing…', { id: 'button-pending-sign', desc: 'A button whose signature request waits on the wallet' })
                : msg('Confirm in your wallet', {
                    id: 'button-pending-wallet',
                    desc: 'A button whose request waits for the person to confirm it in their wallet',
                  })}</span
            >`
        : html`<slot name="prefix"></slot><slot></slot>`}
    </button>`;
  }
}
