import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { msg } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { spinnerStyles } from './spinner.styles.js';

/**
 * @summary A spinner with a status role; `label` is announced (default 'Loading', localized). An
 * empty `label` makes it decorative (no role: a toast that holds it is the one live region).
 * @csspart spinner - The rotating ring.
 */
export class W3UiSpinner extends W3Element {
  static override readonly tagName = 'w3-ui-spinner';
  static override styles = spinnerStyles;

  /** Its text alternative; unset, 'Loading' in the active locale. */
  @property() label: string | undefined;

  override render() {
    if (this.label === '') return html`<span part="spinner" aria-hidden="true"></span>`;
    return html`<span part="spinner" role="status" aria-label=${this.label ?? msg('Loading')}></span>`;
  }
}
