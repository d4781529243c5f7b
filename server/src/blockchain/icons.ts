/**
 * Icon URLs of the Blockchain API replies: absolute URLs of this server's token image route
 * (`/public/getTokenImage/{id}?projectId=...`). Indexed tokens get a generated badge stored
 * under their symbol (or `<chain>:<address>` when the symbol cannot be an image id), unless an
 * image with that id exists (the built-in ETH, USDC, ... or one the operator stored).
 */
import type { Database } from '../db/open.js';
import { badgeSvg } from '../images/svg.js';
import { IMAGE_ID_PATTERN, putImage, svgImage } from '../images/store.js';

export function tokenImageId(symbol: string, chainId: string, address: string): string {
  return IMAGE_ID_PATTERN.test(symbol) ? symbol : `${chainId}:${address}`;
}

/** Stores a generated badge for a token image id when none exists. */
export function ensureTokenImage(db: Database, imageId: string, symbol: string): void {
  const label = Array.from(symbol).slice(0, 5).join('') || '?';
  putImage(db, 'token', imageId, svgImage(badgeSvg({ seed: imageId, label, shape: 'circle' })), { overwrite: false });
}

/** Builds icon URLs for one request: `base` is this server's origin, the project goes in the query. */
export function iconUrls(base: string, projectId: string) {
  const query = `?projectId=${encodeURIComponent(projectId)}`;
  return {
    token: (imageId: string) => `${base}/public/getTokenImage/${encodeURIComponent(imageId)}${query}`,
  };
}
