/**
 * Building and sending Solana transactions: a recent blockhash from the network's node, SOL
 * (SystemProgram.transfer) and SPL transfers (transferChecked, creating the receiver's associated
 * token account when missing), and the send itself: the wallet's signAndSendTransaction when it
 * has one, else its signTransaction and one sendTransaction of ours (never repeated).
 */
import type { PublicKey, Transaction, TransactionInstruction, VersionedTransaction } from '@solana/web3.js';
import { WalletRequestError } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';
import type { Transfer } from '../types.js';
import { isAddress } from './address.js';
import { base58Encode } from '../../wire/base58.js';
import { walletChainOf } from './chains.js';
import type { SolanaProvider, SolanaSendOptions } from './provider.js';
import { badReply, solanaRpc, toBase64, valueOf } from './rpc.js';
import { signatureMatches } from './signature.js';
import {
  associatedTokenAddress,
  createAssociatedTokenAccountIdempotent,
  parseMint,
  readAccounts,
  TOKEN_ACCOUNT_SIZE,
  programIds,
  transferChecked,
} from './spl.js';
import { askWallet, malformed } from './wallet-errors.js';
import { web3 } from './web3.js';

const U64_MAX = 2n ** 64n - 1n;

export function invalidInput(details: string): WalletRequestError {
  return new WalletRequestError('Invalid input', { messageCode: 'InvalidInput', details });
}

export function publicKeyOf(what: string, address: string): PublicKey {
  if (!isAddress(address)) throw invalidInput(`${what} "${String(address).slice(0, 60)}" is not a Solana address`);
  return new (web3().PublicKey)(address);
}

export async function latestBlockhash(network: Network): Promise<string> {
  const reply = await solanaRpc(network, 'getLatestBlockhash', [{ commitment: 'confirmed' }]);
  const value = valueOf('getLatestBlockhash', reply) as { blockhash?: unknown } | null;
  if (typeof value?.blockhash !== 'string') throw badReply('getLatestBlockhash', reply);
  return value.blockhash;
}

/** The transfer's instructions, and the size of the token account it creates (0: none). */
export async function transferInstructions(
  network: Network,
  from: string,
  transfer: Transfer,
): Promise<{ instructions: TransactionInstruction[]; creates: number }> {
  const payer = publicKeyOf('The sender', from);
  const to = publicKeyOf('The receiver', transfer.to);
  if (typeof transfer.amount !== 'bigint' || transfer.amount < 0n || transfer.amount > U64_MAX) {
    throw invalidInput(`The amount ${String(transfer.amount)} is not a number of base units`);
  }
  if (!transfer.token) {
    return { instructions: [web3().SystemProgram.transfer({ fromPubkey: payer, toPubkey: to, lamports: transfer.amount })], creates: 0 };
  }
  const mint = publicKeyOf('The token', transfer.token.address);
  const [mintAccount] = await readAccounts(network, [mint]);
  const info = parseMint(mint.toBase58(), mintAccount ?? null);
  if (transfer.token.decimals !== info.decimals) {
    throw invalidInput(`Token ${mint.toBase58()} has ${info.decimals} decimals, not ${transfer.token.decimals}`);
  }
  const source = associatedTokenAddress(payer, mint, info.tokenProgram);
  const destination = associatedTokenAddress(to, mint, info.tokenProgram);
  const [held, existing] = await readAccounts(network, [source, destination]);
  if (!held) throw invalidInput(`The sender holds no ${mint.toBase58()}`);
  const instructions: TransactionInstruction[] = [];
  if (!existing) instructions.push(createAssociatedTokenAccountIdempotent(payer, destination, to, mint, info.tokenProgram));
  instructions.push(transferChecked(source, mint, destination, payer, transfer.amount, info.decimals, info.tokenProgram));
  const size = info.tokenProgram.equals(programIds().token2022) ? TOKEN_ACCOUNT_SIZE.token2022 : TOKEN_ACCOUNT_SIZE.token;
  return { instructions, creates: existing ? 0 : size };
}

/** A legacy transaction paid by `from` with a recent blockhash. */
export async function transactionOf(network: Network, from: string, instructions: TransactionInstruction[]): Promise<Transaction> {
  const tx = new (web3().Transaction)({ feePayer: publicKeyOf('The sender', from), recentBlockhash: await latestBlockhash(network) });
  tx.add(...instructions);
  return tx;
}

export function unsignedBytes(tx: Transaction): Uint8Array {
  return Uint8Array.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
}

/** Checks what signTransaction gave: a transaction paid by `from` whose fee payer signature verifies. */
async function checkSigned(signed: unknown, from: string): Promise<Uint8Array> {
  const method = 'solana:signTransaction';
  if (!(signed instanceof Uint8Array)) throw malformed(method, `expected bytes, got ${typeof signed}`);
  let tx: VersionedTransaction;
  try {
    tx = web3().VersionedTransaction.deserialize(signed);
  } catch (err) {
    throw malformed(method, `not a transaction: ${err instanceof Error ? err.message : String(err)}`);
  }
  const payer = tx.message.staticAccountKeys[0]?.toBase58();
  const signature = tx.signatures[0];
  if (payer !== from || !signature) throw malformed(method, `the fee payer is ${String(payer)}, not ${from}`);
  if (!(await signatureMatches(from, tx.message.serialize(), signature))) throw malformed(method, 'the signature does not verify');
  return signature;
}

/** Sends a signed transaction to the node once; resolves to its signature (base58). */
async function sendRaw(network: Network, signed: Uint8Array, signature: Uint8Array, options: SolanaSendOptions): Promise<string> {
  const expected = base58Encode(signature);
  const reply = await solanaRpc(network, 'sendTransaction', [toBase64(signed), { encoding: 'base64', ...options }], { once: true });
  if (typeof reply !== 'string') throw badReply('sendTransaction', reply);
  return expected;
}

/**
 * Has the wallet sign and send `transaction` (serialized): `solana:signAndSendTransaction` when
 * the wallet has it, else `solana:signTransaction` and one sendTransaction of ours. Resolves to
 * the signature (base58).
 */
export async function signAndSend(
  provider: SolanaProvider,
  from: string,
  transaction: Uint8Array,
  network: Network,
  options: SolanaSendOptions,
): Promise<string> {
  const chain = walletChainOf(network);
  if (provider.signAndSendTransaction) {
    const send = provider.signAndSendTransaction.bind(provider);
    const signature: unknown = await askWallet(() => send(from, transaction, chain, options));
    if (!(signature instanceof Uint8Array) || signature.length !== 64 || signature.every((b) => b === 0)) {
      throw malformed('solana:signAndSendTransaction', `expected a 64-byte signature, got ${describeReply(signature)}`);
    }
    return base58Encode(signature);
  }
  const signed: unknown = await askWallet(() => provider.signTransaction(from, transaction, chain));
  const signature = await checkSigned(signed, from);
  return sendRaw(network, signed as Uint8Array, signature, options);
}

function describeReply(value: unknown): string {
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  return value === null ? 'null' : typeof value;
}
