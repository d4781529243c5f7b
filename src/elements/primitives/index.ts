import { defineUiAvatar, W3UiAvatar } from './avatar/avatar.js';
import { defineUiButton, W3UiButton } from './button/button.js';
import { defineUiIconButton, W3UiIconButton } from './icon-button/icon-button.js';
import { defineUiListItem, W3UiListItem } from './list-item/list-item.js';
import { defineUiNetworkIcon, W3UiNetworkIcon } from './network-icon/network-icon.js';
import { defineQrCode, W3QrCode } from './qr-code/qr-code.js';
import { defineUiSpinner, W3UiSpinner } from './spinner/spinner.js';
import { defineUiTabs, W3UiTabs } from './tabs/tabs.js';
import { defineUiTextInput, W3UiTextInput } from './text-input/text-input.js';
import { defineUiToast, W3UiToast } from './toast/toast.js';
import { defineUiWalletImage, W3UiWalletImage } from './wallet-image/wallet-image.js';

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
  defineUiButton();
  defineUiIconButton();
  defineUiListItem();
  defineUiTextInput();
  defineUiAvatar();
  defineUiSpinner();
  defineUiToast();
  defineUiTabs();
  defineUiNetworkIcon();
  defineUiWalletImage();
  defineQrCode();
}
