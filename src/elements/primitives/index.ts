import { defineUiAvatar, W3UiAvatar } from './avatar/avatar.js';
import { defineUiButton, W3UiButton } from './button/button.js';
import { defineUiIconButton, W3UiIconButton } from './icon-button/icon-button.js';
import { defineUiListItem, W3UiListItem } from './list-item/list-item.js';
import { W3UiSocialMark } from './marks/social-mark.element.js';
import { defineUiNetworkIcon, W3UiNetworkIcon } from './network-icon/network-icon.js';
import { defineUiSpinner, W3UiSpinner } from './spinner/spinner.js';
import { defineUiTextInput, W3UiTextInput } from './text-input/text-input.js';
import { defineUiToast, W3UiToast } from './toast/toast.js';
import { defineUiWalletImage, W3UiWalletImage } from './wallet-image/wallet-image.js';

export {
  W3UiAvatar,
  W3UiButton,
  W3UiIconButton,
  W3UiListItem,
  W3UiNetworkIcon,
  W3UiSocialMark,
  W3UiSpinner,
  W3UiTextInput,
  W3UiToast,
  W3UiWalletImage,
};

/**
 * Defines the primitives the modal shell and the Connect view use (idempotent). The tabs and the
 * QR code are defined by the lazily loaded views that show them (Account; WalletConnect, Receive),
 * so they stay out of the first chunk.
 */
export function definePrimitives(): void {
  defineUiButton();
  defineUiIconButton();
  defineUiListItem();
  defineUiTextInput();
  defineUiAvatar();
  defineUiSpinner();
  defineUiToast();
  defineUiNetworkIcon();
  defineUiWalletImage();
  W3UiSocialMark.define();
}
