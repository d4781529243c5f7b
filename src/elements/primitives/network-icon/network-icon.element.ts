import { html, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
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
 * @summary A network's icon: its mark (../marks/network-mark.ts: the dApp's `imageUrl`, else
 * `image-src`, else its `icon` from the backend's catalog or, with no backend, the bundled marks,
 * lazy chunks both), else a hexagon badge with the network's initials in a colour derived from its
 * id. Decorative: the row names the network.
 * @csspart icon - The image or badge.
 */
export class W3UiNetworkIcon extends W3Element {
  static override readonly tagName = 'w3-ui-network-icon';
  static override styles = networkIconStyles;

  @property({ attribute: 'caip-network-id' }) caipNetworkId = '';
  @property() name = '';
  @property({ attribute: 'image-src' }) imageSrc: string | undefined;
  /**
   * The resolved mark, once the lazy resolver answered: its URL, and whether it is the catalog's
   * (backend or bundled: an @web3icons glyph with its padding), not the dApp's image.
   */
  @state() private resolved: { src: string | undefined; catalog: boolean } | undefined;
  /** The backend's image failed to load: the bundled mark instead. */
  @state() private failed = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('caipNetworkId') || changed.has('imageSrc')) this.failed = false;
  }

  protected override updated(changed: PropertyValues): void {
    if (!changed.has('caipNetworkId') && !changed.has('imageSrc') && !changed.has('failed')) return;
    const asked = () => [this.caipNetworkId, this.imageSrc, this.failed].join();
    const first = asked();
    void import('../marks/network-mark.js')
      .then((m) => m.networkMark(this.caipNetworkId, this.imageSrc, this.failed))
      .then(
        (resolved) => {
          if (first === asked()) this.resolved = resolved;
        },
        () => undefined, // a chunk that failed to load leaves the badge
      );
  }

  override render() {
    const mark = this.resolved?.src;
    const src = mark ?? (isSafeImage(this.imageSrc) ? this.imageSrc : undefined);
    if (src)
      return html`<img
        part="icon"
        class=${src === mark && this.resolved!.catalog ? 'mark' : ''}
        src=${src}
        alt=""
        @error=${() => (this.failed = src === mark)}
      />`;
    const hue = networkHue(this.caipNetworkId);
    // Initials: 'Localhost' L, 'Localhost 2' L2, so two local chains differ.
    const [first = '?', second = ''] = this.name.trim().split(/\s+/);
    const initials = (first[0]! + (second[0] ?? '')).toUpperCase();
    // The hexagon (33 of 36 units) spans MARK_SHARE of the tile, as a catalog mark's glyph does.
    return html`<svg part="icon" viewBox="-2.625 -2.625 41.25 41.25" aria-hidden="true">
      <path d="M18 1.5l14.3 8.25v16.5L18 34.5 3.7 26.25V9.75z" fill="hsl(${hue} 62% 38%)" />
      <text
        x="18"
        y="23.5"
        text-anchor="middle"
        font-size=${initials.length > 1 ? 12 : 15}
        font-weight="700"
        fill="#fff"
        font-family="system-ui, sans-serif"
      >
        ${initials}
      </text>
    </svg>`;
  }
}
