import { W3UiAvatar } from './avatar.element.js';

export { W3UiAvatar };

/** Registers `<w3-ui-avatar>` (idempotent). */
export function defineUiAvatar(): void {
  W3UiAvatar.define();
}
