import { describe, expect, it } from 'vitest';
import { combineShares, decodeShare, encodeShare, shareAt, ShareError, splitSecret } from './shamir.js';

const secret = () => crypto.getRandomValues(new Uint8Array(32));

describe('Shamir 2-of-3 over GF(256)', () => {
  it('rebuilds the secret from every pair of the three shares, in either order', () => {
    const s = secret();
    const shares = splitSecret(s);
    expect(shares.map((share) => share[0])).toEqual([1, 2, 3]);
    for (const [i, j] of [
      [0, 1],
      [0, 2],
      [1, 2],
      [1, 0],
      [2, 0],
      [2, 1],
    ] as const) {
      expect(combineShares(shares[i], shares[j])).toEqual(s);
    }
  });

  it('splits the same secret differently each time (random slopes)', () => {
    const s = secret();
    expect(splitSecret(s)[0]).not.toEqual(splitSecret(s)[0]);
  });

  it('one real share with a forged second gives a different secret', () => {
    const s = secret();
    const [device] = splitSecret(s);
    const forged = new Uint8Array(33);
    forged[0] = 2;
    crypto.getRandomValues(forged.subarray(1));
    expect(combineShares(device, forged)).not.toEqual(s);
  });

  it('a share alone does not hold the secret in its bytes', () => {
    const s = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
    for (const share of splitSecret(s)) expect(share.subarray(1)).not.toEqual(s);
  });

  it('recomputes the device share x=1 from the server and recovery shares', () => {
    const [device, server, recovery] = splitSecret(secret());
    expect(shareAt(server, recovery, 1)).toEqual(device);
  });

  it('refuses duplicate and malformed shares with a clear error', () => {
    const [device, server] = splitSecret(secret());
    expect(() => combineShares(device, device)).toThrow('The two shares have the same x');
    expect(() => combineShares(device.subarray(0, 20), server)).toThrow('The first share must be 33 bytes');
    const zero = server.slice();
    zero[0] = 0;
    expect(() => combineShares(device, zero)).toThrow(ShareError);
    expect(() => splitSecret(new Uint8Array(31))).toThrow('The secret must be 32 bytes');
  });

  it('encodes a share as 44 base64url characters and decodes only valid ones', () => {
    const [device] = splitSecret(secret());
    const text = encodeShare(device);
    expect(text).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(decodeShare(text, 1)).toEqual(device);
    expect(() => decodeShare(text, 2)).toThrow("The share's x is 1, not 2");
    expect(() => decodeShare('abc')).toThrow('The share is not 33 bytes of base64url');
    expect(() => decodeShare('!'.repeat(44))).toThrow('The share is not 33 bytes of base64url');
  });
});
