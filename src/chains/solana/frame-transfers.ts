/**
 * A Solana transaction's transfers, as its approval names them: System Program transfers (SOL,
 * in lamports) and SPL Token transfers (Transfer: amount in the token's smallest units, to the
 * recipient's token account; TransferChecked: with the mint and decimals), for the Token and
 * Token-2022 programs. Compute-budget instructions are ignored; every other instruction is
 * counted, so the screen can say how many it does not decode.
 */
import { base58Decode } from '../../wire/base58.js';
import type { ParsedInstruction, ParsedTransaction } from './frame-transaction.js';

export type SolanaTransfer =
  | { kind: 'sol'; to: Uint8Array; lamports: bigint }
  | { kind: 'spl'; to: Uint8Array; amount: bigint; mint?: Uint8Array; decimals?: number };

const key = (text: string) => base58Decode(text) as Uint8Array;
const SYSTEM_PROGRAM = new Uint8Array(32);
const TOKEN_PROGRAMS = [key('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'), key('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')];
const COMPUTE_BUDGET = key('ComputeBudget111111111111111111111111111111');

const same = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && a.length === b.length && a.every((byte, i) => byte === b[i]);

function transferOf(parsed: ParsedTransaction, ix: ParsedInstruction): SolanaTransfer | undefined {
  const program = parsed.accountKeys[ix.programIndex];
  const account = (i: number) => (ix.accounts[i] === undefined ? undefined : parsed.accountKeys[ix.accounts[i] as number]);
  const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
  if (same(program, SYSTEM_PROGRAM)) {
    const to = account(1);
    if (ix.data.length !== 12 || view.getUint32(0, true) !== 2 || !to) return undefined;
    return { kind: 'sol', to, lamports: view.getBigUint64(4, true) };
  }
  if (!TOKEN_PROGRAMS.some((token) => same(program, token))) return undefined;
  if (ix.data.length === 9 && ix.data[0] === 3) {
    const to = account(1);
    return to ? { kind: 'spl', to, amount: view.getBigUint64(1, true) } : undefined;
  }
  if (ix.data.length === 10 && ix.data[0] === 12) {
    const [mint, to] = [account(1), account(2)];
    return mint && to ? { kind: 'spl', to, mint, amount: view.getBigUint64(1, true), decimals: ix.data[9] as number } : undefined;
  }
  return undefined;
}

/** The transaction's transfers, and how many of its other instructions (compute budget aside) are not transfers. */
export function describeTransfers(parsed: ParsedTransaction): { transfers: SolanaTransfer[]; others: number } {
  const transfers: SolanaTransfer[] = [];
  let others = 0;
  for (const ix of parsed.instructions) {
    if (same(parsed.accountKeys[ix.programIndex], COMPUTE_BUDGET)) continue;
    const transfer = transferOf(parsed, ix);
    if (transfer) transfers.push(transfer);
    else others++;
  }
  return { transfers, others };
}
