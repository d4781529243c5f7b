import { html } from 'lit';
import { property } from 'lit/decorators.js';
import { W3Element } from '../../base/w3-element.js';
import { networkIconStyles } from './network-icon.styles.js';

function isSafeImage(url: string | undefined): url is string {
  return !!url && (/^data:image\//i.test(url) || /^https:\/\//i.test(url));
}

/** A hue derived from the CAIP id, so each network keeps one colour. */
export function networkHue(caipNetworkId: string): number {
  let hash = 7;
  for (let i = 0; i < caipNetworkId.length; i++) hash = (hash * 33 + caipNetworkId.charCodeAt(i)) >>> 0;
  return hash % 360;
}

/**
 * @summary A network's icon: its image (https or data:image only), else a hexagon badge with
 * the network's initial in a colour derived from its id. Decorative: the row names the network.
 * @csspart icon - The badge.
 */
export class W3UiNetworkIcon extends W3Element {
  static override readonly tagName = 'w3-ui-network-icon';
  static override styles = networkIconStyles;

  @property({ attribute: 'caip-network-id' }) caipNetworkId = '';
  @property() name = '';
  @property({ attribute: 'image-src' }) imageSrc: string | undefined;

  override render() {
    if (isSafeImage(this.imageSrc)) return html`<img part="icon" src=${this.imageSrc} alt="" />`;
    const hue = networkHue(this.caipNetworkId);
    const initial = (this.name.trim()[0] ?? '?').toUpperCase();
    return html`<svg part="icon" viewBox="0 0 36 36" aria-hidden="true">
      <path d="M18 1.5l14.3 8.25v16.5L18 34.5 3.7 26.25V9.75z" fill="hsl(${hue} 62% 38%)" />
      <text x="18" y="23.5" text-anchor="middle" font-size="15" font-weight="700" fill="#fff" font-family="system-ui, sans-serif">
        ${initial}
      </text>
    </svg>`;
  }
}
