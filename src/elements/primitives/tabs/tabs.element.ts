import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { RovingFocusController } from '../../base/roving-focus.js';
import { msg } from '../../base/localize.js';
import { W3Element } from '../../base/w3-element.js';
import { baseStyles } from '../../styles/theme.js';
import { tabsStyles } from './tabs.styles.js';

export interface TabItem {
  value: string;
  label: string;
}

/**
 * @summary A tab list (WAI-ARIA tabs pattern: arrows, Home and End move between tabs and select
 * them; Left and Right swap right to left).
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

  /** Arrow keys, Home and End move focus and the selection; the selected tab is the tab stop (rendered). */
  private readonly roving = new RovingFocusController(this, {
    lists: '[role="tablist"]',
    items: '[role="tab"]',
    orientation: 'horizontal',
    wrap: true,
    tabStops: false,
    onMove: (tab) => this.select(tab.dataset['value'] ?? ''),
  });

  private select(value: string): void {
    if (value !== this.value) {
      this.value = value;
      this.emit('w3-tab-change', { value });
    }
  }

  override render() {
    return html`<div role="tablist" aria-label=${this.label ?? msg('Tabs')}>
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
            @click=${() => this.select(tab.value)}
          >
            ${tab.label}
          </button>`,
      )}
    </div>`;
  }
}
