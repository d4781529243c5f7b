/**
 * The instance API's Solana `sendTransaction(tx)`: `{ to, value }` (value in lamports: a bigint,
 * a non-negative integer, or a decimal string) is a SOL transfer; a web3.js `Transaction` (its
 * fee payer and blockhash filled in when missing), a `VersionedTransaction`, or either one's
 * serialized bytes is sent as given. Anything else is a typed 'Invalid input' naming what is wrong.
 */
import type { Transaction, VersionedTransaction } from '@solana/web3.js';
import type { Network } from '../../wire/networks.js';
import { invalidInput, latestBlockhash, publicKeyOf, transactionOf, unsignedBytes } from './transfer.js';
import { web3 } from './web3.js';

const U64_MAX = 2n ** 64n - 1n;

/** Lamports from a bigint, a non-negative safe integer or a decimal string; throws naming `value`. */
export function parseLamports(value: unknown): bigint {
  let lamports: bigint | undefined;
  if (typeof value === 'bigint') lamports = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) lamports = BigInt(value);
  else if (typeof value === 'string' && /^\d{1,20}$/.test(value)) lamports = BigInt(value);
  if (lamports === undefined || lamports < 0n || lamports > U64_MAX) {
    throw invalidInput(
      `"value" must be lamports (a non-negative integer, bigint or decimal string); got ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value)}`,
    );
  }
  return lamports;
}

function isLegacy(tx: object): tx is Transaction {
  return (
    tx instanceof web3().Transaction ||
    (Array.isArray((tx as Transaction).instructions) && typeof (tx as Transaction).serializeMessage === 'function')
  );
}

function isVersioned(tx: object): tx is VersionedTransaction {
  return (
    tx instanceof web3().VersionedTransaction ||
    ('message' in tx && 'version' in tx && typeof (tx as VersionedTransaction).serialize === 'function')
  );
}

/** The serialized, unsigned transaction to send for the instance API's `tx`. */
export async function instanceTransaction(network: Network, from: string, tx: unknown): Promise<Uint8Array> {
  if (tx instanceof Uint8Array) {
    try {
      web3().VersionedTransaction.deserialize(tx);
    } catch {
      throw invalidInput('The bytes are not a serialized Solana transaction');
    }
    return tx;
  }
  if (typeof tx !== 'object' || tx === null)
    throw invalidInput('A Solana transaction is { to, value }, a Transaction, a VersionedTransaction or its bytes');
  if (isVersioned(tx)) return Uint8Array.from(tx.serialize());
  if (isLegacy(tx)) {
    if (!tx.feePayer) tx.feePayer = publicKeyOf('The sender', from);
    if (!tx.recentBlockhash) tx.recentBlockhash = await latestBlockhash(network);
    return unsignedBytes(tx);
  }
  const record = tx as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => key !== 'to' && key !== 'value' && key !== 'from');
  if (unknown) throw invalidInput(`"${unknown}" is not a field of a Solana transfer ({ to, value })`);
  if (record.from !== undefined && record.from !== from) throw invalidInput(`"from" is not the connected account ${from}`);
  if (typeof record.to !== 'string') throw invalidInput('"to" must be a Solana address');
  const to = publicKeyOf('"to"', record.to);
  const lamports = parseLamports(record.value);
  const transfer = web3().SystemProgram.transfer({ fromPubkey: publicKeyOf('The sender', from), toPubkey: to, lamports });
  return unsignedBytes(await transactionOf(network, from, [transfer]));
}
