import { css, html } from 'lit';
import { property } from 'lit/decorators.js';
import { W3Element } from '../base/w3-element.js';

/**
 * @summary A spinner with a status role; `label` is announced (default 'Loading').
 * @csspart spinner - The rotating ring.
 */
export class W3UiSpinner extends W3Element {
  static override readonly tagName = 'w3-ui-spinner';
  static override styles = css`
    :host {
      display: inline-block;
      width: var(--w3-spinner-size, 24px);
      height: var(--w3-spinner-size, 24px);
      color: var(--w3i-accent, currentColor);
    }
    span {
      display: block;
      width: 100%;
      height: 100%;
      border-radius: 50%;
      border: 3px solid currentColor;
      border-right-color: transparent;
      animation: spin 0.8s linear infinite;
    }
    @keyframes spin {
      to {
        transform: rotate(360deg);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      span {
        animation: none;
        border-right-color: currentColor;
        opacity: 0.6;
      }
    }
  `;

  @property() label = 'Loading';

  override render() {
    return html`<span part="spinner" role="status" aria-label=${this.label}></span>`;
  }
}
