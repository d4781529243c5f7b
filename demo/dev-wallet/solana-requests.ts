/**
 * What the Dev Wallet's prompt shows for a Solana request: connect, the message to sign (as text
 * when it is UTF-8, else hex), and for a transaction what it does when the wallet can tell (SOL
 * transfers of the System Program, SPL Token transfers, creating an associated token account),
 * else the programs it calls, else 'a transaction'.
 */
import { VersionedTransaction } from '@solana/web3.js';
import { short, type Described, type Row } from './prompt.js';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const LAMPORTS_DECIMALS = 9;

/** A Solana request as the Dev Wallet's Solana half receives it. */
export interface SolanaRequest {
  feature: string;
  inputs: readonly unknown[];
}

/** `amount` base units with `decimals` decimals, as a plain decimal string (no float rounding). */
export function formatUnits(amount: bigint, decimals: number): string {
  const text = amount.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** A u64 little-endian at `offset`, or undefined when the data is too short. */
function u64(data: Uint8Array, offset: number): bigint | undefined {
  if (data.length < offset + 8) return undefined;
  let value = 0n;
  for (let i = 7; i >= 0; i--) value = (value << 8n) | BigInt(data[offset + i]!);
  return value;
}

/** One instruction in words, or undefined when it is not one the wallet knows. */
function describeInstruction(program: string, data: Uint8Array, accounts: (string | undefined)[]): string | undefined {
  if (program === SYSTEM_PROGRAM && data.length === 12 && data[0] === 2 && data[1] === 0 && data[2] === 0 && data[3] === 0) {
    const lamports = u64(data, 4);
    return lamports === undefined ? undefined : `${formatUnits(lamports, LAMPORTS_DECIMALS)} SOL to ${accounts[1] ?? '?'}`;
  }
  if (TOKEN_PROGRAMS.has(program)) {
    // Transfer (3): amount; accounts source, destination, owner.
    if (data[0] === 3 && data.length === 9) return `${u64(data, 1)} token base units to token account ${accounts[1] ?? '?'}`;
    // TransferChecked (12): amount, decimals; accounts source, mint, destination, owner.
    if (data[0] === 12 && data.length === 10) {
      const amount = formatUnits(u64(data, 1)!, data[9]!);
      return `${amount} of token ${accounts[1] ?? '?'} to token account ${accounts[2] ?? '?'}`;
    }
  }
  if (program === ASSOCIATED_TOKEN_PROGRAM) return `create the token account ${accounts[1] ?? '?'} for ${accounts[2] ?? '?'}`;
  return undefined;
}

/** The transaction's instructions in words: transfers it can read, else the programs called. */
export function describeTransaction(bytes: unknown): Row[] {
  if (!(bytes instanceof Uint8Array)) return [['Transaction', 'a transaction']];
  let tx: VersionedTransaction;
  try {
    tx = VersionedTransaction.deserialize(bytes);
  } catch {
    return [['Transaction', 'a transaction (unreadable)']];
  }
  const keys = tx.message.staticAccountKeys.map((key) => key.toBase58());
  const rows: Row[] = [];
  for (const ix of tx.message.compiledInstructions) {
    const program = keys[ix.programIdIndex] ?? 'a program from a lookup table';
    if (program === COMPUTE_BUDGET_PROGRAM) continue;
    const accounts = ix.accountKeyIndexes.map((i) => keys[i]);
    const words = describeInstruction(program, ix.data, accounts);
    if (words?.includes(' SOL to ')) rows.push(['Transfer', words]);
    else if (words?.startsWith('create')) rows.push(['Setup', words]);
    else if (words) rows.push(['Token transfer', words]);
    else rows.push(['Program', program]);
  }
  if (keys[0]) rows.push(['Fee payer', keys[0]]);
  return rows.length > 0 ? rows : [['Transaction', 'a transaction']];
}

/** The message as text when it is UTF-8, else as hex. */
export function describeSolanaMessage(bytes: unknown): string {
  if (!(bytes instanceof Uint8Array)) return short(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  }
}

export function describeSolanaRequest(request: SolanaRequest, address: string, chains: readonly string[]): Described {
  const input = (request.inputs[0] ?? {}) as { message?: unknown; transaction?: unknown; chain?: unknown };
  const network: Row = ['Network', typeof input.chain === 'string' ? input.chain : chains.join(', ')];
  const account: Row = ['Account', address];
  switch (request.feature) {
    case 'standard:connect':
      return { title: 'Connect to this site?', rows: [account, network] };
    case 'solana:signMessage':
      return {
        title: 'Sign message',
        rows: [account, network],
        block: { label: 'Message', text: short(describeSolanaMessage(input.message)) },
      };
    case 'solana:signTransaction':
    case 'solana:signAndSendTransaction':
      return {
        title: request.feature === 'solana:signTransaction' ? 'Sign transaction' : 'Send transaction',
        rows: [account, network, ...describeTransaction(input.transaction)],
      };
    default:
      return { title: request.feature, rows: [account, network] };
  }
}
