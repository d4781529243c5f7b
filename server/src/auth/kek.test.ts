import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../errors.js';
import { decryptShare, encryptShare, KEK_FILE_NAME, loadKek } from './kek.js';

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-kek-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the key-encryption key', () => {
  it('is created in the data directory with mode 0600 and a warning, then read back', () => {
    const dir = temp();
    const lines: string[] = [];
    const key = loadKek({ dataDir: dir, warn: (l) => lines.push(l) });
    const file = path.join(dir, KEK_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines.join('')).toMatch(/in production keep it apart from the database/);
    expect(readFileSync(file, 'utf8')).not.toContain(key.toString('hex'));
    expect(loadKek({ dataDir: dir, warn: () => undefined }).equals(key)).toBe(true);
  });

  it('makes the data directory when nothing else has (the database on Postgres), private to its owner', () => {
    const dir = path.join(temp(), 'data', 'nested');
    const key = loadKek({ dataDir: dir, warn: () => undefined });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(loadKek({ dataDir: dir, warn: () => undefined }).equals(key)).toBe(true);
  });

  it('comes from --kek-file or W3KIT_KEK before the data directory, and bad keys are named', () => {
    const dir = temp();
    const key = randomBytes(32);
    const file = path.join(dir, 'kek');
    writeFileSync(file, key.toString('base64'));
    expect(loadKek({ kekFile: file, dataDir: dir }).equals(key)).toBe(true);
    expect(loadKek({ kek: key.toString('base64'), dataDir: dir }).equals(key)).toBe(true);
    expect(() => loadKek({ kek: 'c2hvcnQ=' })).toThrow(InputError);
    expect(() => loadKek({ kekFile: path.join(dir, 'missing') })).toThrow(/Cannot read the key-encryption key file/);
  });

  it('gives an in-memory database a random key per process', () => {
    expect(loadKek({}).equals(loadKek({}))).toBe(false);
  });

  it('encrypts with a fresh IV and binds the user id', () => {
    const kek = randomBytes(32);
    const a = encryptShare(kek, 'user-1', 'share');
    expect(a).not.toBe(encryptShare(kek, 'user-1', 'share'));
    expect(decryptShare(kek, 'user-1', a)).toBe('share');
    expect(() => decryptShare(kek, 'user-2', a)).toThrow();
    expect(() => decryptShare(randomBytes(32), 'user-1', a)).toThrow();
  });
});
