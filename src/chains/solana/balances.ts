/**
 * Reads from a Solana network's node: the SOL balance (whole SOL, exact: lamports are read from
 * the reply's text, never through a float), SPL balances (token accounts of both token programs,
 * base64, summed per mint with the mint's decimals), and waiting for a signature.
 */
import type { Network } from '../../wire/networks.js';
import type { ChainTokenBalance } from '../types.js';
import { formatAddress } from './address.js';
import { base58Encode } from '../../wire/base58.js';
import { badReply, fromBase64, solanaRpc, solanaRpcRaw, valueOf } from './rpc.js';

const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'];

/** `units` base units with `decimals` as a decimal string without trailing zeros ('1.5', '0'). */
export function formatUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The lamports of `address`, exact. */
export async function readLamports(network: Network, address: string): Promise<bigint> {
  const { result, text } = await solanaRpcRaw(network, 'getBalance', [formatAddress(address), { commitment: 'confirmed' }]);
  const value = valueOf('getBalance', result);
  const exact = /"value"\s*:\s*(\d+)/.exec(text)?.[1];
  if (typeof value !== 'number' || exact === undefined) throw badReply('getBalance', result);
  return BigInt(exact);
}

/** The SOL balance in whole SOL (9 decimals), as a decimal string. */
export async function readNativeBalance(network: Network, address: string): Promise<string> {
  return formatUnits(await readLamports(network, address), network.nativeCurrency.decimals);
}

function u64At(bytes: Uint8Array, offset: number): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigUint64(offset, true);
}

/** A token account's mint and amount (bytes 0-32 and 64-72 of the account). */
function tokenAccount(entry: unknown): { mint: string; amount: bigint } | undefined {
  const data = (entry as { account?: { data?: unknown } } | null)?.account?.data;
  if (!Array.isArray(data) || typeof data[0] !== 'string') return undefined;
  const bytes = fromBase64(data[0]);
  if (bytes.length < 165) return undefined;
  return { mint: base58Encode(bytes.subarray(0, 32)), amount: u64At(bytes, 64) };
}

/** SPL balances of `address` under both token programs, summed per mint, with each mint's decimals. */
export async function readTokenBalances(network: Network, address: string): Promise<ChainTokenBalance[]> {
  const owner = formatAddress(address);
  const sums = new Map<string, bigint>();
  for (const programId of TOKEN_PROGRAMS) {
    const reply = await solanaRpc(network, 'getTokenAccountsByOwner', [
      owner,
      { programId },
      { encoding: 'base64', commitment: 'confirmed' },
    ]);
    const value = valueOf('getTokenAccountsByOwner', reply);
    if (!Array.isArray(value)) throw badReply('getTokenAccountsByOwner', reply);
    for (const entry of value) {
      const parsed = tokenAccount(entry);
      if (parsed) sums.set(parsed.mint, (sums.get(parsed.mint) ?? 0n) + parsed.amount);
    }
  }
  if (sums.size === 0) return [];
  const mints = [...sums.keys()];
  const reply = await solanaRpc(network, 'getMultipleAccounts', [mints, { encoding: 'base64', commitment: 'confirmed' }]);
  const accounts = valueOf('getMultipleAccounts', reply);
  if (!Array.isArray(accounts) || accounts.length !== mints.length) throw badReply('getMultipleAccounts', reply);
  const out: ChainTokenBalance[] = [];
  mints.forEach((mint, i) => {
    const data = (accounts[i] as { data?: unknown } | null)?.data;
    const bytes = Array.isArray(data) && typeof data[0] === 'string' ? fromBase64(data[0]) : undefined;
    if (!bytes || bytes.length < 82) return;
    out.push({ address: mint, amount: (sums.get(mint) ?? 0n).toString(), decimals: bytes[44] as number });
  });
  return out;
}

export const WAIT_POLICY = { intervalMs: 500, timeoutMs: 60_000 } as const;

/**
 * Polls getSignatureStatuses until the transaction is confirmed ('success'), failed on chain
 * ('reverted'), or `timeoutMs` passed without an answer ('unknown'); never throws.
 */
export async function waitForSignature(
  network: Network,
  signature: string,
  timeoutMs: number = WAIT_POLICY.timeoutMs,
  intervalMs: number = WAIT_POLICY.intervalMs,
): Promise<'success' | 'reverted' | 'unknown'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const reply = await solanaRpc(network, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }], {
        timeoutMs: Math.max(1, Math.min(10_000, deadline - Date.now())),
      });
      const statuses = valueOf('getSignatureStatuses', reply);
      const status = (Array.isArray(statuses) ? statuses[0] : undefined) as
        | { err?: unknown; confirmationStatus?: unknown }
        | null
        | undefined;
      if (status?.err) return 'reverted';
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return 'success';
    } catch {
      // a node that does not answer now may answer on the next poll
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, Math.max(0, deadline - Date.now()))));
  }
  return 'unknown';
}
