import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { baseStyles } from '../../styles/theme.js';
import { W3Element } from '../../base/w3-element.js';
import { icon, type IconName } from '../icons.js';
import { iconButtonStyles } from './icon-button.styles.js';

/**
 * @summary A round button showing an icon; `label` is its accessible name (required).
 * @csspart button - The native button.
 */
export class W3UiIconButton extends W3Element {
  static override readonly tagName = 'w3-ui-icon-button';
  static override styles = [baseStyles, iconButtonStyles];

  @property() icon: IconName = 'close';
  @property() label = '';

  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector('button')?.focus(options);
  }

  override render() {
    return html`<button part="button" type="button" aria-label=${this.label} title=${this.label}>${icon(this.icon)}</button>`;
  }
}
