import { W3QrCode } from './qr-code.js';
import { W3UiAvatar } from './avatar.js';
import { W3UiButton } from './button.js';
import { W3UiIconButton } from './icon-button.js';
import { W3UiListItem } from './list-item.js';
import { W3UiNetworkIcon } from './network-icon.js';
import { W3UiSpinner } from './spinner.js';
import { W3UiTabs } from './tabs.js';
import { W3UiTextInput } from './text-input.js';
import { W3UiToast } from './toast.js';
import { W3UiWalletImage } from './wallet-image.js';

export {
  W3QrCode,
  W3UiAvatar,
  W3UiButton,
  W3UiIconButton,
  W3UiListItem,
  W3UiNetworkIcon,
  W3UiSpinner,
  W3UiTabs,
  W3UiTextInput,
  W3UiToast,
  W3UiWalletImage,
};

/** Defines every primitive (idempotent). */
export function definePrimitives(): void {
  W3UiButton.define('w3-ui-button');
  W3UiIconButton.define('w3-ui-icon-button');
  W3UiListItem.define('w3-ui-list-item');
  W3UiTextInput.define('w3-ui-text-input');
  W3UiAvatar.define('w3-ui-avatar');
  W3UiSpinner.define('w3-ui-spinner');
  W3UiToast.define('w3-ui-toast');
  W3UiTabs.define('w3-ui-tabs');
  W3UiNetworkIcon.define('w3-ui-network-icon');
  W3UiWalletImage.define('w3-ui-wallet-image');
  W3QrCode.define('w3-qr-code');
}
