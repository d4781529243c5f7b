import { Ed25519Program, Keypair } from '@solana/web3.js';
import { describe, expect, it, vi } from 'vitest';
import { signatureMatches, verifyEd25519 } from './signature.js';

const keypair = Keypair.fromSeed(new Uint8Array(32).fill(9));
const message = new TextEncoder().encode('hello');
/** web3.js's Ed25519Program signs with its own ed25519 (noble): a second implementation. */
const signature = Ed25519Program.createInstructionWithPrivateKey({ privateKey: keypair.secretKey, message }).data.subarray(48, 112);

describe('ed25519 checks', () => {
  it("accepts the signer's signature and refuses another message, key or size", async () => {
    expect(await verifyEd25519(keypair.publicKey.toBytes(), message, signature)).toBe(true);
    expect(await verifyEd25519(keypair.publicKey.toBytes(), Uint8Array.of(1), signature)).toBe(false);
    expect(await verifyEd25519(Keypair.generate().publicKey.toBytes(), message, signature)).toBe(false);
    expect(await verifyEd25519(keypair.publicKey.toBytes(), message, signature.subarray(0, 63))).toBe(false);
    expect(await signatureMatches(keypair.publicKey.toBase58(), message, signature)).toBe(true);
    expect(await signatureMatches('nope', message, signature)).toBe(false);
  });

  it('where WebCrypto has no Ed25519, cannot tell (undefined) and checks only the size', async () => {
    const spy = vi.spyOn(crypto.subtle, 'importKey').mockRejectedValue(new DOMException('Ed25519', 'NotSupportedError'));
    try {
      expect(await verifyEd25519(keypair.publicKey.toBytes(), Uint8Array.of(1), signature)).toBeUndefined();
      expect(await signatureMatches(keypair.publicKey.toBase58(), Uint8Array.of(1), signature)).toBe(true);
      expect(await signatureMatches(keypair.publicKey.toBase58(), Uint8Array.of(1), new Uint8Array(12))).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });
});
