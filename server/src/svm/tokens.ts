/**
 * SPL Token and Token-2022 account layouts: reading a mint (decimals, supply, authorities) and a
 * token account (mint, owner, amount, ...) from raw account data, and the `jsonParsed` form a
 * node gives them (`{ program: 'spl-token', parsed: { type, info }, space }`).
 */
import { base58Encode as encodeBase58 } from '../../../src/wire/base58.js';

export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM, TOKEN_2022_PROGRAM]);

const MINT_SIZE = 82;
const ACCOUNT_SIZE = 165;
/** Token-2022 extended accounts carry their kind at this offset: 1 mint, 2 account. */
const ACCOUNT_TYPE_OFFSET = 165;

export interface Mint {
  mintAuthority: string | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: string | null;
}

export interface TokenAccount {
  mint: string;
  owner: string;
  amount: bigint;
  delegate: string | null;
  state: 'uninitialized' | 'initialized' | 'frozen';
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: string | null;
}

const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);
const key = (data: Uint8Array, at: number) => encodeBase58(data.subarray(at, at + 32));
const optionKey = (data: Uint8Array, at: number) => (view(data).getUint32(at, true) === 1 ? key(data, at + 4) : null);

function isKind(data: Uint8Array, size: number, type: number): boolean {
  return data.length === size || (data.length > ACCOUNT_TYPE_OFFSET && data[ACCOUNT_TYPE_OFFSET] === type);
}

/** The mint in `data` (owned by a token program), or undefined when it is not an initialized mint. */
export function readMint(data: Uint8Array): Mint | undefined {
  if (!isKind(data, MINT_SIZE, 1) || data.length < MINT_SIZE || data[45] !== 1) return undefined;
  return {
    mintAuthority: optionKey(data, 0),
    supply: view(data).getBigUint64(36, true),
    decimals: data[44]!,
    isInitialized: true,
    freezeAuthority: optionKey(data, 46),
  };
}

/** The token account in `data` (owned by a token program), or undefined when it is not one. */
export function readTokenAccount(data: Uint8Array): TokenAccount | undefined {
  if (!isKind(data, ACCOUNT_SIZE, 2) || data.length < ACCOUNT_SIZE || data[108] === 0) return undefined;
  const v = view(data);
  return {
    mint: key(data, 0),
    owner: key(data, 32),
    amount: v.getBigUint64(64, true),
    delegate: optionKey(data, 72),
    state: data[108] === 2 ? 'frozen' : 'initialized',
    isNative: v.getUint32(109, true) === 1 ? v.getBigUint64(113, true) : null,
    delegatedAmount: v.getBigUint64(121, true),
    closeAuthority: optionKey(data, 129),
  };
}

/** `{ amount, decimals, uiAmount, uiAmountString }` of a raw amount. */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const text = amount.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/** The `jsonParsed` data of a token-program account, or undefined when it is neither a mint nor a token account. */
export function parsedTokenData(program: string, data: Uint8Array, decimalsOf: (mint: string) => number | undefined) {
  const label = program === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token';
  const mint = readMint(data);
  if (mint) {
    const info = { ...mint, supply: mint.supply.toString() };
    return { program: label, parsed: { type: 'mint', info }, space: data.length };
  }
  const account = readTokenAccount(data);
  const decimals = account && decimalsOf(account.mint);
  if (!account || decimals === undefined) return undefined;
  const info: Record<string, unknown> = {
    isNative: account.isNative !== null,
    mint: account.mint,
    owner: account.owner,
    state: account.state,
    tokenAmount: uiTokenAmount(account.amount, decimals),
  };
  if (account.delegate) {
    info.delegate = account.delegate;
    info.delegatedAmount = uiTokenAmount(account.delegatedAmount, decimals);
  }
  if (account.closeAuthority) info.closeAuthority = account.closeAuthority;
  if (account.isNative !== null) info.rentExemptReserve = uiTokenAmount(account.isNative, 9);
  return { program: label, parsed: { type: 'account', info }, space: data.length };
}
