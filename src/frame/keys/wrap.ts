/**
 * The recovery share wrapped by a passkey (src/wire/passkey-api.ts): the passkey's PRF output
 * (asked with one public salt, SHA-256 of PASSKEY_PRF_LABEL) goes through HKDF-SHA-256 (salt: the
 * same PRF salt, info 'w3kit recovery share wrap') into a non-extractable AES-GCM-256 key; the
 * wrapped share is a 12-byte random IV followed by AES-GCM of the 33-byte share with its 16-byte
 * tag (61 bytes, base64url, 82 characters). Only an authenticator holding that credential can give
 * the PRF output again, so only it can unwrap; the server stores the result and cannot read it.
 */
import { W3Error } from '../../core/errors/base.js';
import { PASSKEY_PRF_LABEL } from '../constants.js';
import { base64UrlDecode, base64UrlEncode, wipe } from './bytes.js';
import { decodeShare, RECOVERY_SHARE_X, SHARE_SIZE } from './shamir.js';

export const PRF_WRAP_INFO = 'w3kit recovery share wrap';
/** A PRF output (CTAP2 hmac-secret) is 32 bytes. */
export const PRF_OUTPUT_SIZE = 32;
const IV_SIZE = 12;
const TAG_SIZE = 16;
export const WRAPPED_SHARE_SIZE = IV_SIZE + SHARE_SIZE + TAG_SIZE;

/** A failure to wrap or unwrap (a wrong passkey, a corrupt record, a PRF output of the wrong size). */
export class ShareWrapError extends W3Error {
  override name = 'ShareWrapError';
}

/** The PRF salt every w3kit passkey is asked with: SHA-256 of the UTF-8 of PASSKEY_PRF_LABEL. */
export async function prfSalt(): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(PASSKEY_PRF_LABEL)));
}

/** The non-extractable AES-GCM-256 key a PRF output gives (HKDF-SHA-256, see above). */
export async function prfWrappingKey(prfOutput: Uint8Array): Promise<CryptoKey> {
  if (prfOutput.length !== PRF_OUTPUT_SIZE) {
    throw new ShareWrapError(`The passkey's PRF output is ${prfOutput.length} bytes, not ${PRF_OUTPUT_SIZE}`);
  }
  const material = new Uint8Array(prfOutput);
  try {
    const base = await crypto.subtle.importKey('raw', material, 'HKDF', false, ['deriveKey']);
    return await crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: await prfSalt(), info: new TextEncoder().encode(PRF_WRAP_INFO) },
      base,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
  } finally {
    wipe(material);
  }
}

/** The recovery share (33 bytes, x = 3) wrapped under the PRF output's key, base64url. */
export async function wrapShare(prfOutput: Uint8Array, share: Uint8Array): Promise<string> {
  if (share.length !== SHARE_SIZE || share[0] !== RECOVERY_SHARE_X) {
    throw new ShareWrapError(`Only the recovery share (${SHARE_SIZE} bytes, x = ${RECOVERY_SHARE_X}) is wrapped`);
  }
  const key = await prfWrappingKey(prfOutput);
  const iv = crypto.getRandomValues(new Uint8Array(IV_SIZE));
  const plain = new Uint8Array(share);
  try {
    const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
    const out = new Uint8Array(IV_SIZE + sealed.length);
    out.set(iv);
    out.set(sealed, IV_SIZE);
    return base64UrlEncode(out);
  } finally {
    wipe(plain);
  }
}

/** The recovery share from its wrapped text; throws ShareWrapError for another passkey's output or a corrupt record. */
export async function unwrapShare(prfOutput: Uint8Array, wrapped: string): Promise<Uint8Array> {
  const bytes = base64UrlDecode(wrapped);
  if (!bytes || bytes.length !== WRAPPED_SHARE_SIZE) {
    throw new ShareWrapError(`The wrapped share is not ${WRAPPED_SHARE_SIZE} bytes of base64url`);
  }
  const key = await prfWrappingKey(prfOutput);
  let plain: Uint8Array;
  try {
    plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, IV_SIZE) }, key, bytes.slice(IV_SIZE)));
  } catch {
    throw new ShareWrapError('The passkey could not unlock the recovery share');
  }
  try {
    return decodeShare(base64UrlEncode(plain), RECOVERY_SHARE_X);
  } finally {
    wipe(plain);
  }
}
