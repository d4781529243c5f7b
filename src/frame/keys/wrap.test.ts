import { createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base64UrlDecode } from './bytes.js';
import { DEVICE_SHARE_X, RECOVERY_SHARE_X, shareAt, splitSecret } from './shamir.js';
import { prfSalt, prfWrappingKey, unwrapShare, WRAPPED_SHARE_SIZE, wrapShare } from './wrap.js';

const prf = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const recovery = () => splitSecret(Uint8Array.from({ length: 32 }, (_, i) => 255 - i))[2];

describe('passkey wrapping of the recovery share', () => {
  it('uses SHA-256 of the label as the PRF salt', async () => {
    expect(Buffer.from(await prfSalt())).toEqual(createHash('sha256').update('w3kit passkey recovery share v1').digest());
  });

  it('round-trips the recovery share, 61 bytes of base64url with a fresh IV each time', async () => {
    const share = recovery();
    const a = await wrapShare(prf, share);
    const b = await wrapShare(prf, share);
    expect(a).toMatch(/^[A-Za-z0-9_-]{82}$/);
    expect(base64UrlDecode(a)).toHaveLength(WRAPPED_SHARE_SIZE);
    expect(a).not.toBe(b);
    expect(await unwrapShare(prf, a)).toEqual(share);
    expect(await unwrapShare(prf, b)).toEqual(share);
  });

  it('is the documented HKDF-SHA-256 and AES-GCM construction', async () => {
    const share = recovery();
    const wrapped = base64UrlDecode(await wrapShare(prf, share))!;
    const key = Buffer.from(hkdfSync('sha256', prf, await prfSalt(), 'w3kit recovery share wrap', 32));
    const decipher = createDecipheriv('aes-256-gcm', key, wrapped.subarray(0, 12));
    decipher.setAuthTag(wrapped.subarray(wrapped.length - 16));
    const plain = Buffer.concat([decipher.update(wrapped.subarray(12, wrapped.length - 16)), decipher.final()]);
    expect(new Uint8Array(plain)).toEqual(share);
  });

  it('refuses another passkey, a corrupt record and a short PRF output', async () => {
    const wrapped = await wrapShare(prf, recovery());
    const other = prf.map((byte) => byte ^ 0x80);
    await expect(unwrapShare(other, wrapped)).rejects.toThrow('The passkey could not unlock the recovery share');
    const bytes = base64UrlDecode(wrapped)!;
    bytes[20]! ^= 1;
    await expect(unwrapShare(prf, Buffer.from(bytes).toString('base64url'))).rejects.toThrow('could not unlock');
    await expect(unwrapShare(prf, 'abc')).rejects.toThrow('The wrapped share is not 61 bytes of base64url');
    await expect(unwrapShare(prf.subarray(0, 16), wrapped)).rejects.toThrow("The passkey's PRF output is 16 bytes, not 32");
  });

  it('wraps only a recovery share, and its key cannot be exported', async () => {
    const [device, server] = splitSecret(new Uint8Array(32).fill(9));
    await expect(wrapShare(prf, device)).rejects.toThrow('Only the recovery share');
    expect(shareAt(device, server, RECOVERY_SHARE_X)[0]).toBe(RECOVERY_SHARE_X);
    expect(device[0]).toBe(DEVICE_SHARE_X);
    const key = await prfWrappingKey(prf);
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});
