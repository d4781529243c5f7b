/**
 * SPL token instructions, written here (no @solana/spl-token in the browser): the associated
 * token account's address, createAssociatedTokenAccountIdempotent and transferChecked, for the
 * Token program and Token-2022 (the mint's owner says which).
 */
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { WalletRequestError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import { badReply, fromBase64, solanaRpc, valueOf } from './rpc.js';
import { web3 } from './web3.js';

/** The program ids, made on first use (@solana/web3.js loads with the adapter: ./web3.ts). */
let programs: { token: PublicKey; token2022: PublicKey; associatedToken: PublicKey } | undefined;
export const programIds = () =>
  (programs ??= {
    token: new (web3().PublicKey)('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
    token2022: new (web3().PublicKey)('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
    associatedToken: new (web3().PublicKey)('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
  });

/** Bytes of a token account (Token); Token-2022's associated accounts carry the ImmutableOwner extension. */
export const TOKEN_ACCOUNT_SIZE = { token: 165, token2022: 170 } as const;

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
export function associatedTokenAddress(owner: PublicKey, mint: PublicKey, tokenProgram: PublicKey): PublicKey {
  const seeds = [owner.toBytes(), tokenProgram.toBytes(), mint.toBytes()];
  return web3().PublicKey.findProgramAddressSync(seeds, programIds().associatedToken)[0];
}

/** Creates `owner`'s associated token account, paid by `payer`; does nothing when it exists. */
export function createAssociatedTokenAccountIdempotent(
  payer: PublicKey,
  account: PublicKey,
  owner: PublicKey,
  mint: PublicKey,
  tokenProgram: PublicKey,
): TransactionInstruction {
  const { SystemProgram, TransactionInstruction } = web3();
  return new TransactionInstruction({
    programId: programIds().associatedToken,
    keys: [
      { pubkey: payer, isSigner: true, isWritable: true },
      { pubkey: account, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: false, isWritable: false },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      { pubkey: tokenProgram, isSigner: false, isWritable: false },
    ],
    // AssociatedTokenAccountInstruction::CreateIdempotent
    data: Uint8Array.of(1) as never,
  });
}

/** TransferChecked (instruction 12): `amount` base units of `mint` with `decimals`, signed by `owner`. */
export function transferChecked(
  source: PublicKey,
  mint: PublicKey,
  destination: PublicKey,
  owner: PublicKey,
  amount: bigint,
  decimals: number,
  tokenProgram: PublicKey,
): TransactionInstruction {
  const data = new Uint8Array(10);
  const view = new DataView(data.buffer);
  data[0] = 12;
  view.setBigUint64(1, amount, true);
  data[9] = decimals;
  return new (web3().TransactionInstruction)({
    programId: tokenProgram,
    keys: [
      { pubkey: source, isSigner: false, isWritable: true },
      { pubkey: mint, isSigner: false, isWritable: false },
      { pubkey: destination, isSigner: false, isWritable: true },
      { pubkey: owner, isSigner: true, isWritable: false },
    ],
    data: data as never,
  });
}

export interface MintInfo {
  tokenProgram: PublicKey;
  decimals: number;
}

interface RpcAccount {
  owner: string;
  data: [string, string];
}

function account(method: string, value: unknown): RpcAccount | null {
  if (value === null) return null;
  const acc = value as Partial<RpcAccount> | undefined;
  if (typeof acc?.owner !== 'string' || !Array.isArray(acc.data) || typeof acc.data[0] !== 'string') throw badReply(method, value);
  return acc as RpcAccount;
}

/** Reads accounts (base64); null for one that does not exist. */
export async function readAccounts(network: Network, addresses: PublicKey[]): Promise<(RpcAccount | null)[]> {
  const reply = await solanaRpc(network, 'getMultipleAccounts', [
    addresses.map((a) => a.toBase58()),
    { encoding: 'base64', commitment: 'confirmed' },
  ]);
  const value = valueOf('getMultipleAccounts', reply);
  if (!Array.isArray(value) || value.length !== addresses.length) throw badReply('getMultipleAccounts', reply);
  return value.map((v) => account('getMultipleAccounts', v));
}

/** A mint's token program (from its owner) and decimals (byte 44 of the mint). */
export function parseMint(mint: string, acc: RpcAccount | null): MintInfo {
  const invalid = (why: string): WalletRequestError =>
    new WalletRequestError('Invalid input', { messageCode: 'InvalidInput', details: `Token ${mint} ${why}` });
  if (!acc) throw invalid('does not exist on this network');
  const tokenProgram = [programIds().token, programIds().token2022].find((p) => p.toBase58() === acc.owner);
  if (!tokenProgram) throw invalid('is not an SPL token mint');
  const data = fromBase64(acc.data[0]);
  if (data.length < 82) throw invalid('is not an SPL token mint');
  return { tokenProgram, decimals: data[44] as number };
}
