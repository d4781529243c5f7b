import { css, html } from 'lit';
import { property } from 'lit/decorators.js';
import { baseStyles } from '../styles/theme.js';
import { W3Element } from '../base/w3-element.js';
import { icon, type IconName } from './icons.js';

/**
 * @summary A round button showing an icon; `label` is its accessible name (required).
 * @csspart button - The native button.
 */
export class W3UiIconButton extends W3Element {
  static override readonly tagName = 'w3-ui-icon-button';
  static override styles = [
    baseStyles,
    css`
      :host {
        display: inline-block;
      }
      button {
        all: unset;
        box-sizing: border-box;
        display: inline-grid;
        place-items: center;
        width: 36px;
        height: 36px;
        border-radius: var(--w3i-radius-full);
        color: var(--w3i-fg);
        cursor: pointer;
        transition: background-color 0.12s ease;
      }
      button:hover {
        background: var(--w3i-surface-hover);
      }
      button:focus-visible {
        outline: 2px solid var(--w3i-focus);
        outline-offset: 2px;
      }
    `,
  ];

  @property() icon: IconName = 'close';
  @property() label = '';

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  override render() {
    return html`<button part="button" type="button" aria-label=${this.label} title=${this.label}>${icon(this.icon)}</button>`;
  }
}
