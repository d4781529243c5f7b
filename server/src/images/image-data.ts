/**
 * Images as stored: wallet logos, network (asset), currency and token images, each with its
 * content type and a strong ETag (a hash of the bytes); inline images of wallet files decoded.
 * The images repository (`app.images`, ../storage/images.ts) stores them.
 */
import { createHash } from 'node:crypto';

export const IMAGE_KINDS = ['wallet', 'asset', 'currency', 'token'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export const IMAGE_ID_PATTERN = /^[A-Za-z0-9:._-]{1,100}$/;
export const MAX_IMAGE_BYTES = 512 * 1024;

export interface StoredImage {
  contentType: string;
  body: Buffer;
  etag: string;
}

export interface ImageData {
  contentType: string;
  body: Buffer;
}

export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

export function svgImage(svg: string): ImageData {
  return { contentType: 'image/svg+xml', body: Buffer.from(svg, 'utf8') };
}

const DATA_URL = /^data:(image\/(?:svg\+xml|png|jpeg|webp));base64,([A-Za-z0-9+/]*={0,2})$/;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function looksLikeSvg(text: string): boolean {
  const t = text.trimStart();
  return (t.startsWith('<svg') || t.startsWith('<?xml')) && /<svg[\s>]/.test(t) && t.trimEnd().endsWith('>');
}

/**
 * Decodes an image given inline in a wallet file: an `<svg ...>` string or a base64 data URL
 * (svg, png, jpeg, webp). Returns an error text instead when it is not one.
 */
export function decodeImageSource(source: string): ImageData | string {
  let image: ImageData;
  const match = DATA_URL.exec(source.trim());
  if (match) {
    image = { contentType: match[1]!, body: Buffer.from(match[2]!, 'base64') };
    if (image.body.length === 0) return 'the data URL is empty';
    if (image.contentType === 'image/svg+xml' && !looksLikeSvg(image.body.toString('utf8'))) return 'the data URL does not hold an SVG';
    if (image.contentType === 'image/png' && !image.body.subarray(0, 8).equals(PNG_SIGNATURE)) return 'the data URL does not hold a PNG';
  } else if (looksLikeSvg(source)) {
    image = svgImage(source.trim());
  } else {
    return 'must be an inline <svg> or a data:image/(svg+xml|png|jpeg|webp);base64 URL';
  }
  if (image.body.length > MAX_IMAGE_BYTES) return `is larger than ${MAX_IMAGE_BYTES / 1024} KB`;
  return image;
}
