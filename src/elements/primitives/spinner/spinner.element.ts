import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { W3Element } from '../../base/w3-element.js';
import { msg } from '../../base/localize.js';
import { spinnerStyles } from './spinner.styles.js';

/**
 * @summary A spinner with a status role; `label` is announced (default 'Loading', localized).
 * @csspart spinner - The rotating ring.
 */
export class W3UiSpinner extends W3Element {
  static override readonly tagName = 'w3-ui-spinner';
  static override styles = spinnerStyles;

  /** The announced text; without it 'Loading' in the active locale. */
  @property() label: string | undefined;

  override render() {
    return html`<span part="spinner" role="status" aria-label=${this.label ?? msg('Loading')}></span>`;
  }
}
