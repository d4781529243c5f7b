import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { baseStyles } from '../../styles/theme.js';
import { W3Element } from '../../base/w3-element.js';
import { icon } from '../icons.js';
import { listItemStyles } from './list-item.styles.js';

/**
 * @summary A full-width row button: an image slot, a name (rendered as text), an optional tag.
 * @slot image - A 40 px image or icon.
 * @slot - The row's name.
 * @csspart button - The native button.
 */
export class W3UiListItem extends W3Element {
  static override readonly tagName = 'w3-ui-list-item';
  static override styles = [baseStyles, listItemStyles];

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
