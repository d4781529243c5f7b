/**
 * A network's mark for <w3-ui-network-icon>, a lazy chunk of its own (the first chunk only
 * imports it when an icon renders): the dApp's `imageUrl` for the configured network first, then
 * the icon's `image-src` (its `iconUrl`), then its `icon` from the backend's catalog (unless that
 * failed to load), else the bundled mark; undefined for the badge.
 */
import { $networks } from '../../../stores/network/networks.js';
import { isSafeImageUrl } from '../wallet-image/wallet-image.element.js';
import { backendMarkUrl, svgDataUrl } from './marks.js';

export async function networkMarkSrc(
  caipNetworkId: string,
  imageSrc: string | undefined,
  backendFailed: boolean,
): Promise<string | undefined> {
  const network = $networks.get().find((n) => n.caipNetworkId === caipNetworkId);
  const own = [network?.imageUrl, imageSrc].find(isSafeImageUrl);
  const icon = network?.icon;
  if (own || !icon) return own;
  const remote = backendFailed ? undefined : backendMarkUrl(icon);
  if (remote) return remote;
  const svg = (await import('../../../wire/marks/marks-data.js')).networkSvg(icon);
  return svg && svgDataUrl(svg);
}

/** The mark's URL, and whether it is the catalog's (an @web3icons glyph, drawn with padding in its box), not the dApp's own image. */
export async function networkMark(
  caipNetworkId: string,
  imageSrc: string | undefined,
  backendFailed: boolean,
): Promise<{ src: string | undefined; catalog: boolean }> {
  const network = $networks.get().find((n) => n.caipNetworkId === caipNetworkId);
  const own = [network?.imageUrl, imageSrc].find(isSafeImageUrl);
  const src = await networkMarkSrc(caipNetworkId, imageSrc, backendFailed);
  return { src, catalog: !!src && src !== own };
}
