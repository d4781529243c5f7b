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
  W3UiButton.define();
  W3UiIconButton.define();
  W3UiListItem.define();
  W3UiTextInput.define();
  W3UiAvatar.define();
  W3UiSpinner.define();
  W3UiToast.define();
  W3UiTabs.define();
  W3UiNetworkIcon.define();
  W3UiWalletImage.define();
  W3QrCode.define();
}
