import { createTransferCheckedInstruction, createTransferInstruction, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  type TransactionInstruction as Ix,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { parseTransaction } from './frame-transaction.js';
import { describeTransfers } from './frame-transfers.js';

const payer = Keypair.generate().publicKey;
const [to, source, destination, mint] = [0, 1, 2, 3].map(() => Keypair.generate().publicKey) as [
  PublicKey,
  PublicKey,
  PublicKey,
  PublicKey,
];
const blockhash = new PublicKey(new Uint8Array(32).fill(7)).toBase58();

function parsed(...instructions: Ix[]) {
  const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(...instructions);
  return parseTransaction(Uint8Array.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false })));
}

describe("a Solana transaction's transfers", () => {
  it('a SOL transfer, an SPL Transfer and a Token-2022 TransferChecked, each with amount and recipient; compute budget ignored', () => {
    const { transfers, others } = describeTransfers(
      parsed(
        ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 5 }),
        SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 1_500_000_000 }),
        createTransferInstruction(source, destination, payer, 250n),
        createTransferCheckedInstruction(source, mint, destination, payer, 1_234_500n, 6, [], TOKEN_2022_PROGRAM_ID),
      ),
    );
    expect(others).toBe(0);
    expect(
      transfers.map((t) => ({
        ...t,
        to: new PublicKey(t.to).toBase58(),
        ...('mint' in t && t.mint ? { mint: new PublicKey(t.mint).toBase58() } : {}),
      })),
    ).toEqual([
      { kind: 'sol', to: to.toBase58(), lamports: 1_500_000_000n },
      { kind: 'spl', to: destination.toBase58(), amount: 250n },
      { kind: 'spl', to: destination.toBase58(), mint: mint.toBase58(), amount: 1_234_500n, decimals: 6 },
    ]);
  });

  it('other instructions are counted, not decoded', () => {
    const memo = new TransactionInstruction({ programId: Keypair.generate().publicKey, keys: [], data: Buffer.from('hi') });
    expect(describeTransfers(parsed(memo, memo))).toEqual({ transfers: [], others: 2 });
    // A System Program instruction that is not a transfer (allocate) is another instruction.
    const allocate = SystemProgram.allocate({ accountPubkey: payer, space: 10 });
    expect(describeTransfers(parsed(allocate, SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: 1 })))).toMatchObject({
      others: 1,
    });
  });
});
