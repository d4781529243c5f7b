import { css, html } from 'lit';
import { property } from 'lit/decorators.js';
import { ifDefined } from 'lit/directives/if-defined.js';
import { baseStyles } from '../styles/theme.js';
import { W3Element } from '../base/w3-element.js';

/**
 * @summary A button: props in, a native click out.
 * @slot - The label.
 * @slot prefix - An icon before the label.
 * @csspart button - The native button.
 * @cssprop --w3-accent - Background of the primary variant.
 */
export class W3UiButton extends W3Element {
  static override readonly tagName = 'w3-ui-button';
  static override styles = [
    baseStyles,
    css`
      :host {
        display: inline-block;
      }
      :host([full-width]) {
        display: block;
      }
      button {
        all: unset;
        box-sizing: border-box;
        display: inline-flex;
        align-items: center;
        justify-content: center;
        gap: 6px;
        width: 100%;
        min-height: 40px;
        padding: 0 16px;
        border-radius: var(--w3i-radius-full);
        font: 600 var(--w3i-text-sm) / 1.2 var(--w3i-font-family);
        cursor: pointer;
        background: var(--w3i-accent);
        color: var(--w3i-accent-fg);
        transition:
          filter 0.12s ease,
          background-color 0.12s ease;
        white-space: nowrap;
      }
      :host([size='sm']) button {
        min-height: 32px;
        padding: 0 12px;
        font-size: var(--w3i-text-xs);
      }
      :host([variant='secondary']) button {
        background: var(--w3i-surface);
        color: var(--w3i-fg);
        border: 1px solid var(--w3i-border);
      }
      :host([variant='ghost']) button {
        background: transparent;
        color: var(--w3i-fg);
      }
      button:hover:not([disabled]) {
        filter: brightness(0.94);
      }
      button:focus-visible {
        outline: 2px solid var(--w3i-focus);
        outline-offset: 2px;
      }
      button[disabled] {
        cursor: default;
        opacity: 0.6;
      }
    `,
  ];

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
