/**
 * The random values of e-mail login and how they are stored: 6-digit codes (kept as an HMAC
 * under the server's code key and compared in constant time), ids, session tokens, and link
 * tokens made of letters only (so a mail holding one never holds a 6-digit number).
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A fresh 6-digit code, every digit uniformly random. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The stored form of a code: HMAC-SHA256 under the server's code key, hex. */
export function hashCode(key: Uint8Array, purpose: string, id: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${id}\n${code}`).digest('hex');
}

/** Whether `code` matches the stored hash, compared in constant time. */
export function codeMatches(key: Uint8Array, purpose: string, id: string, code: string, stored: string): boolean {
  const actual = Buffer.from(hashCode(key, purpose, id, code), 'hex');
  const expected = Buffer.from(stored, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** SHA-256, hex: how tokens and device ids are stored. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A random id for logins and challenges (base64url, 22 characters). */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/** A session token (base64url, 43 characters: 256 random bits). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A token for links in mails: 40 letters (about 228 bits), never a digit. */
export function newLinkToken(): string {
  let out = '';
  for (let i = 0; i < 40; i++) out += LETTERS[randomInt(0, LETTERS.length)];
  return out;
}

/** The key codes are hashed with, derived from the key-encryption key. */
export function codeKey(kek: Uint8Array): Buffer {
  return createHmac('sha256', kek).update('w3kit code hmac key').digest();
}
