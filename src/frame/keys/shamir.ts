/**
 * Shamir's secret sharing, 2 of 3, over GF(256) (the AES field, x^8 + x^4 + x^3 + x + 1): each
 * byte of the secret is the constant term of its own random line, and share x holds the lines'
 * values at x. Any two shares rebuild the secret; one share alone says nothing about it.
 *
 * A share is 33 bytes: its x (1 device, 2 server, 3 recovery), then 32 bytes of y.
 */
import { W3Error } from '../../core/errors/base.js';
import { base64UrlDecode, base64UrlEncode, wipe } from './bytes.js';

export const SECRET_SIZE = 32;
export const SHARE_SIZE = SECRET_SIZE + 1;
export const DEVICE_SHARE_X = 1;
export const SERVER_SHARE_X = 2;
export const RECOVERY_SHARE_X = 3;

const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);
{
  let value = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = value;
    LOG[value] = i;
    // Multiply by the generator 3: value * 2 (reduced) xor value.
    const doubled = (value << 1) ^ (value & 0x80 ? 0x11b : 0);
    value = doubled ^ value;
  }
  for (let i = 255; i < 510; i++) EXP[i] = EXP[i - 255] as number;
}

function mul(a: number, b: number): number {
  if (a === 0 || b === 0) return 0;
  return EXP[(LOG[a] as number) + (LOG[b] as number)] as number;
}

function div(a: number, b: number): number {
  if (a === 0) return 0;
  return EXP[(LOG[a] as number) + 255 - (LOG[b] as number)] as number;
}

/** A share's bytes are malformed, or two shares cannot be combined. */
export class ShareError extends W3Error {
  override name = 'ShareError';
  constructor(message: string) {
    super(message, { category: 'INTERNAL_SDK_ERROR' });
  }
}

function checkShare(share: Uint8Array, label: string): void {
  if (!(share instanceof Uint8Array) || share.length !== SHARE_SIZE) {
    throw new ShareError(`The ${label} share must be ${SHARE_SIZE} bytes`);
  }
  if (share[0] === 0) throw new ShareError(`The ${label} share has x = 0`);
}

/** Splits a 32-byte secret into the shares x = 1, 2, 3. */
export function splitSecret(secret: Uint8Array): [Uint8Array, Uint8Array, Uint8Array] {
  if (!(secret instanceof Uint8Array) || secret.length !== SECRET_SIZE) {
    throw new ShareError(`The secret must be ${SECRET_SIZE} bytes`);
  }
  const slopes = crypto.getRandomValues(new Uint8Array(SECRET_SIZE));
  const shares = [DEVICE_SHARE_X, SERVER_SHARE_X, RECOVERY_SHARE_X].map((x) => {
    const share = new Uint8Array(SHARE_SIZE);
    share[0] = x;
    for (let i = 0; i < SECRET_SIZE; i++) share[i + 1] = (secret[i] as number) ^ mul(slopes[i] as number, x);
    return share;
  });
  wipe(slopes);
  return shares as [Uint8Array, Uint8Array, Uint8Array];
}

/**
 * The value of the line through two shares at `x`: x = 0 gives the secret, x = 1 the device
 * share's y. Throws on malformed or duplicate shares.
 */
export function interpolate(a: Uint8Array, b: Uint8Array, x: number): Uint8Array {
  checkShare(a, 'first');
  checkShare(b, 'second');
  const xa = a[0] as number;
  const xb = b[0] as number;
  if (xa === xb) throw new ShareError('The two shares have the same x');
  if (!Number.isInteger(x) || x < 0 || x > 255) throw new ShareError('x must be a byte');
  const denominator = xa ^ xb;
  const weightA = div(x ^ xb, denominator);
  const weightB = div(x ^ xa, denominator);
  const out = new Uint8Array(SECRET_SIZE);
  for (let i = 0; i < SECRET_SIZE; i++) out[i] = mul(a[i + 1] as number, weightA) ^ mul(b[i + 1] as number, weightB);
  return out;
}

/** The secret rebuilt from any two distinct shares. */
export function combineShares(a: Uint8Array, b: Uint8Array): Uint8Array {
  return interpolate(a, b, 0);
}

/** The share with the given x, recomputed from two others (a new device's own share). */
export function shareAt(a: Uint8Array, b: Uint8Array, x: number): Uint8Array {
  if (x === 0) throw new ShareError('x must not be 0');
  const share = new Uint8Array(SHARE_SIZE);
  const y = interpolate(a, b, x);
  share[0] = x;
  share.set(y, 1);
  wipe(y);
  return share;
}

/** A share as the auth API carries it: base64url, 44 characters. */
export function encodeShare(share: Uint8Array): string {
  checkShare(share, 'given');
  return base64UrlEncode(share);
}

/** A share from its base64url text; throws on anything but 33 bytes with x > 0. */
export function decodeShare(text: string, expectedX?: number): Uint8Array {
  const bytes = base64UrlDecode(text);
  if (!bytes || bytes.length !== SHARE_SIZE) throw new ShareError('The share is not 33 bytes of base64url');
  checkShare(bytes, 'given');
  if (expectedX !== undefined && bytes[0] !== expectedX) throw new ShareError(`The share's x is ${bytes[0]}, not ${expectedX}`);
  return bytes;
}
