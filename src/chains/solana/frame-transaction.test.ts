import { ed25519 } from '@noble/curves/ed25519';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { parseTransaction, signTransaction, TransactionFormatError } from './frame-transaction.js';

const seed = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);
const payer = new PublicKey(ed25519.getPublicKey(seed));
const recipient = Keypair.generate().publicKey;
const blockhash = new PublicKey(new Uint8Array(32).fill(7)).toBase58();

function legacyTransfer(extra = false): Uint8Array {
  const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash });
  if (extra) tx.add(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5 }));
  tx.add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: recipient, lamports: 1_500_000_000 }));
  return Uint8Array.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
}

function v0Transfer(): Uint8Array {
  const message = new TransactionMessage({
    payerKey: payer,
    recentBlockhash: blockhash,
    instructions: [SystemProgram.transfer({ fromPubkey: payer, toPubkey: recipient, lamports: 42 })],
  }).compileToV0Message();
  return Uint8Array.from(new VersionedTransaction(message).serialize());
}

describe('the Solana wire-format signer', () => {
  it('signs a legacy transfer in the fee payer slot, verified by @noble and by web3.js', () => {
    const bytes = legacyTransfer();
    const { transaction, signature } = signTransaction(bytes, seed);
    const parsed = parseTransaction(transaction);
    expect(parsed.version).toBe('legacy');
    const message = transaction.subarray(parsed.messageOffset);
    expect(ed25519.verify(signature, message, payer.toBytes())).toBe(true);
    expect(transaction.subarray(1, 65)).toEqual(signature);
    expect(Transaction.from(Buffer.from(transaction)).verifySignatures()).toBe(true);
    expect(bytes.subarray(1, 65).every((b) => b === 0)).toBe(true); // the input is not changed
  });

  it('signs a v0 transaction', () => {
    const { transaction, signature } = signTransaction(v0Transfer(), seed);
    const parsed = parseTransaction(transaction);
    expect(parsed.version).toBe(0);
    expect(ed25519.verify(signature, transaction.subarray(parsed.messageOffset), payer.toBytes())).toBe(true);
    const decoded = VersionedTransaction.deserialize(transaction);
    expect(Uint8Array.from(decoded.signatures[0]!)).toEqual(signature);
  });

  it('refuses a transaction the wallet does not sign, and malformed bytes', () => {
    const other = Keypair.generate().publicKey;
    const foreign = new Transaction({ feePayer: other, recentBlockhash: blockhash })
      .add(SystemProgram.transfer({ fromPubkey: other, toPubkey: recipient, lamports: 1 }))
      .serialize({ requireAllSignatures: false, verifySignatures: false });
    expect(() => signTransaction(foreign, seed)).toThrow('the wallet is not one of its signers');
    expect(() => parseTransaction(legacyTransfer().subarray(0, 100))).toThrow(TransactionFormatError);
    expect(() => parseTransaction(new Uint8Array(2000))).toThrow('over 1232 bytes');
    const badCount = legacyTransfer();
    badCount[0] = 2;
    expect(() => parseTransaction(badCount)).toThrow(TransactionFormatError);
  });
});
