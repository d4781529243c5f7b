import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { styleMap } from 'lit/directives/style-map.js';
import { W3Element } from '../../base/w3-element.js';
import { avatarStyles } from './avatar.styles.js';

/** Derives a stable gradient from an address: three hues from its hex digits. */
export function avatarGradient(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  let hash = 0;
  for (let i = 0; i < hex.length; i++) hash = (hash * 31 + hex.charCodeAt(i)) >>> 0;
  const h1 = hash % 360;
  const h2 = (h1 + 40 + ((hash >>> 9) % 80)) % 360;
  const h3 = (h2 + 40 + ((hash >>> 17) % 80)) % 360;
  return `radial-gradient(circle at 30% 25%, hsl(${h1} 85% 72%), hsl(${h2} 75% 55%) 55%, hsl(${h3} 70% 40%))`;
}

function isSafeImage(url: string | undefined): url is string {
  return !!url && (/^data:image\//i.test(url) || /^https:\/\//i.test(url));
}

/**
 * @summary A round avatar: an image when given (https or data:image only), else a gradient
 * derived from the address.
 * @csspart avatar - The circle.
 */
export class W3UiAvatar extends W3Element {
  static override readonly tagName = 'w3-ui-avatar';
  static override styles = avatarStyles;

  @property() address = '';
  @property({ attribute: 'image-src' }) imageSrc: string | undefined;

  override render() {
    const background = isSafeImage(this.imageSrc) ? `url("${encodeURI(this.imageSrc)}")` : avatarGradient(this.address);
    return html`<div part="avatar" role="presentation" style=${styleMap({ backgroundImage: background })}></div>`;
  }
}
