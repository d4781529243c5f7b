import { W3UiTabs } from './tabs.element.js';

export { W3UiTabs };

/** Registers `<w3-ui-tabs>` (idempotent). */
export function defineUiTabs(): void {
  W3UiTabs.define();
}
