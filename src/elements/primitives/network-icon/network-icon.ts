import { W3UiNetworkIcon } from './network-icon.element.js';

export { W3UiNetworkIcon };

/** Registers `<w3-ui-network-icon>` (idempotent). */
export function defineUiNetworkIcon(): void {
  W3UiNetworkIcon.define();
}
