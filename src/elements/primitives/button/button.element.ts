import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
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

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  override render() {
    return html`<button
      part="button"
      type="button"
      ?disabled=${this.disabled}
      aria-label=${ifDefined(this.label)}
      aria-busy=${ifDefined(this.busy)}
    >
      <slot name="prefix"></slot><slot></slot>
    </button>`;
  }
}
