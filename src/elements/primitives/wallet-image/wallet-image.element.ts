import { html } from 'lit';
import { property, state } from 'lit/decorators.js';
import { W3Element } from '../../base/w3-element.js';
import { icon } from '../icons.js';
import { walletImageStyles } from './wallet-image.styles.js';

/**
 * Only `data:image/...` URIs, https URLs and http URLs on this machine (a self-hosted backend in
 * development, `http://127.0.0.1:4301`) are shown; anything else gets the placeholder.
 */
export function isSafeImageUrl(url: string | undefined): url is string {
  return (
    !!url && (/^data:image\//i.test(url) || /^https:\/\//i.test(url) || /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?\//i.test(url))
  );
}

/**
 * @summary A wallet's image in a rounded square, or a wallet placeholder when the image is
 * missing, unsafe or fails to load. Decorative: the row names the wallet.
 * @csspart image - The image or placeholder box.
 */
export class W3UiWalletImage extends W3Element {
  static override readonly tagName = 'w3-ui-wallet-image';
  static override styles = walletImageStyles;

  @property({ attribute: 'image-src' }) imageSrc: string | undefined;
  @state() private failed = false;

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('imageSrc')) this.failed = false;
  }

  override render() {
    const ok = isSafeImageUrl(this.imageSrc) && !this.failed;
    return html`<div class="box" part="image">
      ${ok ? html`<img src=${this.imageSrc} alt="" decoding="async" @error=${() => (this.failed = true)} />` : icon('wallet', 22)}
    </div>`;
  }
}
