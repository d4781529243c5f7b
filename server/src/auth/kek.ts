/**
 * The key-encryption key (KEK) that encrypts users' recovery shares: 32 bytes from `--kek-file`
 * (base64 in the file), `W3KIT_KEK` (base64), or `<data>/key-encryption.key`, created with
 * mode 0600 when missing (with a warning: production keeps it apart from the database); an
 * in-memory database gets a random key for the process. AES-256-GCM, random 12-byte IV, the
 * user id as additional data, stored as base64url `iv.ciphertext.tag`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../errors.js';

export const KEK_FILE_NAME = 'key-encryption.key';

export interface KekSource {
  /** A file holding the key, base64 (`--kek-file`, W3KIT_KEK_FILE). */
  kekFile?: string;
  /** The key itself, base64 (W3KIT_KEK). */
  kek?: string;
  /** The data directory: where the key file is created when neither is given. */
  dataDir?: string;
  /** Where the warning about a key created beside the database goes. */
  warn?: (line: string) => void;
}

function decodeKey(text: string, field: string): Buffer {
  const trimmed = text.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed) || key.length !== 32) {
    throw new InputError(field, `Invalid ${field}: the key-encryption key must be 32 bytes, base64`);
  }
  return key;
}

/** The key-encryption key from the given source. */
export function loadKek({ kekFile, kek, dataDir, warn = (line) => process.stderr.write(line) }: KekSource): Buffer {
  if (kekFile !== undefined) {
    let text: string;
    try {
      text = readFileSync(kekFile, 'utf8');
    } catch (err) {
      throw new InputError('--kek-file', `Cannot read the key-encryption key file ${kekFile}: ${(err as Error).message}`);
    }
    return decodeKey(text, '--kek-file');
  }
  if (kek !== undefined) return decodeKey(kek, 'W3KIT_KEK');
  if (dataDir === undefined) return randomBytes(32);
  const file = path.join(dataDir, KEK_FILE_NAME);
  if (existsSync(file)) return decodeKey(readFileSync(file, 'utf8'), file);
  const key = randomBytes(32);
  // On Postgres nothing else makes the data folder (SQLite's file is not in it).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  warn(`w3kit-server: created the key-encryption key ${file}; in production keep it apart from the database (--kek-file or W3KIT_KEK)\n`);
  return key;
}

/** Encrypts a share for the user `userId` (bound to it as additional data). */
export function encryptShare(kek: Uint8Array, userId: string, share: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', kek, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const data = Buffer.concat([cipher.update(share, 'utf8'), cipher.final()]);
  return [iv, data, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.');
}

/** Decrypts what `encryptShare` made for `userId`; throws when the key, user or data do not match. */
export function decryptShare(kek: Uint8Array, userId: string, sealed: string): string {
  const [iv, data, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !data || !tag) throw new Error('Malformed encrypted share');
  const decipher = createDecipheriv('aes-256-gcm', kek, iv);
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
