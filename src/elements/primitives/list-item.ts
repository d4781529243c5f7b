import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { baseStyles } from '../styles/theme.js';
import { W3Element } from '../base/w3-element.js';
import { icon } from './icons.js';

/**
 * @summary A full-width row button: an image slot, a name (rendered as text), an optional tag.
 * @slot image - A 40 px image or icon.
 * @slot - The row's name.
 * @csspart button - The native button.
 */
export class W3UiListItem extends W3Element {
  static override readonly tagName = 'w3-ui-list-item';
  static override styles = [
    baseStyles,
    css`
      :host {
        display: block;
      }
      button {
        all: unset;
        box-sizing: border-box;
        display: flex;
        align-items: center;
        gap: 12px;
        width: 100%;
        min-height: 56px;
        padding: 8px 12px 8px 8px;
        border-radius: var(--w3i-radius-md);
        background: var(--w3i-surface);
        color: var(--w3i-fg);
        font: 500 var(--w3i-text-sm) / 1.3 var(--w3i-font-family);
        cursor: pointer;
        transition: background-color 0.12s ease;
      }
      button:hover:not([disabled]) {
        background: var(--w3i-surface-hover);
      }
      button:focus-visible {
        outline: 2px solid var(--w3i-focus);
        outline-offset: 2px;
      }
      button[disabled] {
        cursor: default;
        opacity: 0.6;
      }
      .name {
        flex: 1;
        min-width: 0;
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .tag {
        font-size: var(--w3i-text-xs);
        color: var(--w3i-fg-muted);
        padding: 2px 8px;
        border-radius: var(--w3i-radius-full);
        border: 1px solid var(--w3i-border);
      }
      :host([selected]) .tag {
        color: var(--w3i-fg);
      }
      .chevron {
        color: var(--w3i-fg-muted);
        display: inline-flex;
      }
      ::slotted([slot='image']) {
        flex: none;
      }
    `,
  ];

  /** A short tag shown at the end ('Installed', 'Recent', 'Active'). */
  @property() tag: string | undefined;
  @property({ type: Boolean, reflect: true }) disabled = false;
  /** Marks the current choice (aria-current). */
  @property({ type: Boolean, reflect: true }) selected = false;
  @property({ type: Boolean }) chevron = false;
  /** Accessible name when it should differ from the text. */
  @property() label: string | undefined;

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  override render() {
    return html`<button
      part="button"
      type="button"
      ?disabled=${this.disabled}
      aria-current=${this.selected ? 'true' : 'false'}
      aria-label=${this.label ?? nothing}
    >
      <slot name="image"></slot>
      <span class="name"><slot></slot></span>
      ${this.tag ? html`<span class="tag">${this.tag}</span>` : nothing}
      ${this.selected ? html`<span class="chevron">${icon('check', 18)}</span>` : nothing}
      ${this.chevron && !this.selected ? html`<span class="chevron">${icon('chevronRight', 18)}</span>` : nothing}
    </button>`;
  }
}
