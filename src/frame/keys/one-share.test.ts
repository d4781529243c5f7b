/**
 * The property the threat model leans on (src/frame/SECURITY.md): one share alone, the device's
 * or the server's, cannot produce a signature. With one share, every seed is equally possible:
 * for any seed at all there is a second share that completes it, so the share says nothing about
 * the real one, and a key rebuilt from it and a guess signs for someone else.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { privateKeyToAccount } from 'viem/accounts';
import { toHex, verifyMessage } from 'viem';
import { describe, expect, it } from 'vitest';
import { addressesOf, deriveEvmKey, deriveSolanaSeed } from './derive.js';
import { combineShares, DEVICE_SHARE_X, RECOVERY_SHARE_X, SERVER_SHARE_X, splitSecret } from './shamir.js';

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

/**
 * The share at x that, with `known`, rebuilds `target`. Found byte by byte among all 256 values
 * (each byte of the result depends only on that byte of the second share, one to one), so it
 * exists for every target: a line through two points.
 */
function completing(known: Uint8Array, target: Uint8Array, x: number): Uint8Array {
  const share = new Uint8Array(33);
  share[0] = x;
  const trial = new Uint8Array(33);
  trial[0] = x;
  for (let v = 0; v < 256; v++) {
    trial.fill(v, 1);
    const result = combineShares(known, trial);
    result.forEach((byte, i) => {
      if (byte === target[i]) share[i + 1] = v;
    });
  }
  return share;
}

describe('one share alone', () => {
  for (const [name, index, otherX] of [
    ['the device share', 0, SERVER_SHARE_X],
    ['the server share', 1, DEVICE_SHARE_X],
  ] as const) {
    it(`${name} is consistent with every seed: a second share completes it to any seed chosen`, () => {
      const seed = random(32);
      const shares = splitSecret(seed);
      const known = shares[index];
      for (let i = 0; i < 20; i++) {
        const anySeed = random(32);
        expect(combineShares(known, completing(known, anySeed, otherX))).toEqual(anySeed);
      }
    });

    it(`${name} with a guessed partner signs for another address: the signature does not verify for the wallet`, async () => {
      const seed = random(32);
      const real = addressesOf(seed);
      const shares = splitSecret(seed);
      const guess = new Uint8Array(33);
      guess[0] = index === 0 ? SERVER_SHARE_X : DEVICE_SHARE_X;
      guess.set(random(32), 1);
      const rebuilt = combineShares(shares[index], guess);
      const evm = privateKeyToAccount(toHex(deriveEvmKey(rebuilt)));
      const signature = await evm.signMessage({ message: 'pay me' });
      expect(await verifyMessage({ address: real.evmAddress, message: 'pay me', signature })).toBe(false);
      const solSignature = ed25519.sign(new TextEncoder().encode('pay me'), deriveSolanaSeed(rebuilt));
      const { base58Decode } = await import('../../wire/base58.js');
      expect(ed25519.verify(solSignature, new TextEncoder().encode('pay me'), base58Decode(real.solanaAddress)!)).toBe(false);
    });
  }

  it('two real shares sign for the wallet (the control)', async () => {
    const seed = random(32);
    const real = addressesOf(seed);
    const [device, , recovery] = splitSecret(seed);
    expect(recovery[0]).toBe(RECOVERY_SHARE_X);
    const evm = privateKeyToAccount(toHex(deriveEvmKey(combineShares(device, recovery))));
    const signature = await evm.signMessage({ message: 'hello' });
    expect(await verifyMessage({ address: real.evmAddress, message: 'hello', signature })).toBe(true);
  });
});
