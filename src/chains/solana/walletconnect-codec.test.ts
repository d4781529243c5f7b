import { Keypair, PublicKey, SystemProgram, Transaction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import {
  base58Decode,
  base58Encode,
  base64Decode,
  base64Encode,
  isSolanaAddress,
  transactionLayout,
  withSignature,
} from './walletconnect-codec.js';

const payer = Keypair.fromSeed(new Uint8Array(32).fill(7));
const other = Keypair.fromSeed(new Uint8Array(32).fill(9));
const BLOCKHASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';

describe('solana codec', () => {
  it('base58 round-trips and matches bs58, leading zeros included', () => {
    for (const bytes of [new Uint8Array([]), new Uint8Array([0, 0, 1, 255]), payer.publicKey.toBytes(), new Uint8Array(64).fill(255)]) {
      const text = base58Encode(bytes);
      expect(text).toBe(bs58.encode(bytes));
      expect(base58Decode(text)).toEqual(bytes);
    }
    expect(base58Decode('0OIl')).toBeUndefined();
  });

  it('base64 round-trips; bad base64 is undefined', () => {
    const bytes = new Uint8Array(70_000).map((_, i) => i % 256);
    expect(base64Decode(base64Encode(bytes))).toEqual(bytes);
    expect(base64Decode('abc')).toBeUndefined();
    expect(base64Decode('a*==')).toBeUndefined();
  });

  it('knows Solana addresses: 32 to 44 base58 characters of 32 bytes', () => {
    expect(isSolanaAddress(payer.publicKey.toBase58())).toBe(true);
    expect(isSolanaAddress(PublicKey.default.toBase58())).toBe(true);
    expect(isSolanaAddress('1'.repeat(44))).toBe(false);
    expect(isSolanaAddress('0x0000000000000000000000000000000000000000')).toBe(false);
    expect(isSolanaAddress(42)).toBe(false);
  });

  it('reads the signers of legacy and v0 transactions and puts a signature in its slot', () => {
    const ix = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: other.publicKey, lamports: 5 });
    const legacy = new Transaction({ feePayer: other.publicKey, recentBlockhash: BLOCKHASH }).add(ix);
    const legacyBytes = new Uint8Array(legacy.serialize({ requireAllSignatures: false, verifySignatures: false }));
    const message = new TransactionMessage({
      payerKey: other.publicKey,
      recentBlockhash: BLOCKHASH,
      instructions: [ix],
    }).compileToV0Message();
    const v0Bytes = new VersionedTransaction(message).serialize();
    for (const bytes of [legacyBytes, v0Bytes]) {
      const layout = transactionLayout(bytes)!;
      expect(layout.signers).toEqual([other.publicKey.toBase58(), payer.publicKey.toBase58()]);
      const tx = VersionedTransaction.deserialize(bytes);
      tx.sign([payer]);
      const signature = tx.signatures[1]!;
      const out = withSignature(bytes, payer.publicKey.toBase58(), signature)!;
      expect(VersionedTransaction.deserialize(out).signatures[1]).toEqual(signature);
      expect(transactionLayout(out)!.signatures[0]).toEqual(new Uint8Array(64));
      expect(withSignature(bytes, PublicKey.default.toBase58(), signature)).toBeUndefined();
    }
    expect(transactionLayout(new Uint8Array([1, 2, 3]))).toBeUndefined();
    expect(transactionLayout(legacyBytes.subarray(0, 100))).toBeUndefined();
  });
});
