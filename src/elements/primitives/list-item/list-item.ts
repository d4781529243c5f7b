import { W3UiListItem } from './list-item.element.js';

export { W3UiListItem };

/** Registers `<w3-ui-list-item>` (idempotent). */
export function defineUiListItem(): void {
  W3UiListItem.define();
}
