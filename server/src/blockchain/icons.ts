/**
 * Icon URLs of the Blockchain API replies: absolute URLs of this server's token image route
 * (`/public/getTokenImage/{id}?projectId=...`). Indexed tokens get a generated badge stored
 * under their symbol (or `<chain>:<address>` when the symbol cannot be an image id), unless an
 * image with that id exists (the built-in ETH, USDC, ... or one the operator stored).
 */
import { badgeSvg } from '../images/svg.js';
import { IMAGE_ID_PATTERN, svgImage, type ImageData } from '../images/image-data.js';
import type { ImagesRepository } from '../storage/images.js';

export function tokenImageId(symbol: string, chainId: string, address: string): string {
  return IMAGE_ID_PATTERN.test(symbol) ? symbol : `${chainId}:${address}`;
}

/** The generated badge of a token image id. */
export function tokenBadge(imageId: string, symbol: string): ImageData {
  const label = Array.from(symbol).slice(0, 5).join('') || '?';
  return svgImage(badgeSvg({ seed: imageId, label, shape: 'circle' }));
}

/** Stores a generated badge for a token image id when none exists. */
export function ensureTokenImage(images: ImagesRepository, imageId: string, symbol: string): Promise<void> {
  return images.put('token', imageId, tokenBadge(imageId, symbol), { overwrite: false });
}

/** Builds icon URLs for one request: `base` is this server's origin, the project goes in the query. */
export function iconUrls(base: string, projectId: string) {
  const query = `?projectId=${encodeURIComponent(projectId)}`;
  return {
    token: (imageId: string) => `${base}/public/getTokenImage/${encodeURIComponent(imageId)}${query}`,
  };
}
