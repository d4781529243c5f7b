import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { W3Element } from '../../base/w3-element.js';
import { msg } from '../../base/localize.js';
import { baseStyles } from '../../styles/theme.js';
import { tabsStyles } from './tabs.styles.js';

export interface TabItem {
  value: string;
  label: string;
}

/**
 * @summary A tab list (WAI-ARIA tabs pattern: arrows, Home and End move between tabs).
 * @event {{ value: string }} w3-tab-change - A tab was chosen.
 * @csspart tab - Each tab.
 */
export class W3UiTabs extends W3Element {
  static override readonly tagName = 'w3-ui-tabs';
  static override styles = [baseStyles, tabsStyles];

  @property({ type: Array }) tabs: TabItem[] = [];
  @property() value = '';
  /** Accessible name of the tab list; without it 'Tabs' in the active locale. */
  @property() label: string | undefined;
  /** Id prefix of the panels the tabs control (`${panelPrefix}-${value}`). */
  @property({ attribute: 'panel-prefix' }) panelPrefix = 'w3-panel';

  private select(value: string, focus: boolean): void {
    if (value !== this.value) {
      this.value = value;
      this.emit('w3-tab-change', { value });
    }
    if (focus) void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>(`[data-value="${value}"]`)?.focus());
  }

  private onKeyDown(e: KeyboardEvent): void {
    const index = this.tabs.findIndex((t) => t.value === this.value);
    const last = this.tabs.length - 1;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: last }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = this.tabs[(next + this.tabs.length) % this.tabs.length];
    if (target) this.select(target.value, true);
  }

  override render() {
    return html`<div role="tablist" aria-label=${this.label ?? msg('Tabs')} @keydown=${this.onKeyDown}>
      ${this.tabs.map(
        (tab) =>
          html`<button
            part="tab"
            role="tab"
            type="button"
            data-value=${tab.value}
            id=${`${this.panelPrefix}-tab-${tab.value}`}
            aria-selected=${tab.value === this.value ? 'true' : 'false'}
            tabindex=${tab.value === this.value ? 0 : -1}
            @click=${() => this.select(tab.value, false)}
          >
            ${tab.label}
          </button>`,
      )}
    </div>`;
  }
}
