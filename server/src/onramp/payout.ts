/**
 * The sandbox's payouts: ETH sent from a funded account on the `--evm-rpc` chain. The key is
 * `--onramp-key` / W3KIT_ONRAMP_KEY, by default Hardhat's well-known dev account 19, which is
 * refused on any chain but the local ones (31337, 1337): its key is public.
 *
 * A payout is signed here (viem, locally) and only then sent as raw bytes, so its hash is known
 * before it leaves: the caller records it first (./settle.ts). Sending the same raw bytes again
 * is harmless (one nonce, one hash: it is mined at most once).
 */
import {
  BaseError,
  createPublicClient,
  defineChain,
  http,
  keccak256,
  RpcRequestError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { caipChainId } from '../chains/eip155/chain.js';

/** Hardhat's dev account 19 (0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199): funded on a fresh local chain. */
export const DEFAULT_ONRAMP_KEY: Hex = '0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e';
/** The chains the default key may pay on. */
export const LOCAL_CHAIN_IDS: readonly number[] = [31337, 1337];
export const ONRAMP_KEY_RULE = 'must be a private key: 0x and 64 hex characters';
const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;
const TRANSFER_GAS = 21_000n;

/** A payout that cannot be made (configuration, funds, the chain's refusal), in words for the page. */
export class PayoutError extends Error {
  override name = 'PayoutError';
}

/** The node answered the raw transaction with an error: it does not hold it. */
export class BroadcastRefused extends PayoutError {
  override name = 'BroadcastRefused';
}

/** A payout transaction signed and not yet sent. */
export interface SignedPayout {
  hash: Hex;
  nonce: number;
  from: Hex;
  raw: Hex;
}

/**
 * Where a recorded payout stands: mined (`success` / `reverted`), waiting in the node's pool
 * (`pending`), its nonce used by another transaction so it can never be mined (`replaced`), or
 * unknown to the node with its nonce still free (`unseen`: it may be sent again).
 */
export type PayoutState = 'success' | 'reverted' | 'pending' | 'replaced' | 'unseen';

export interface Payout {
  /** The paying account's address. */
  readonly address: Hex;
  /** Throws a PayoutError when this key may not pay on the node's chain. */
  check(): Promise<number>;
  /** Signs `wei` to `to` with the account's next nonce; nothing is sent. Throws a PayoutError (chain, funds). */
  sign(to: Hex, wei: bigint): Promise<SignedPayout>;
  /** Sends signed bytes; BroadcastRefused when the node answers with an error, other errors when it did not answer. */
  broadcast(raw: Hex): Promise<void>;
  /** The receipt's outcome, or undefined when none came within `timeoutMs`. */
  waitMined(hash: Hex, timeoutMs: number): Promise<'success' | 'reverted' | undefined>;
  /** Where a recorded payout stands (see PayoutState). */
  state(tx: { hash: Hex; nonce: number; from: Hex }): Promise<PayoutState>;
}

export function isPrivateKey(key: string): key is Hex {
  return PRIVATE_KEY.test(key);
}

/** Whether `err` is the node's JSON-RPC error reply (it answered), not a lost or timed-out request. */
export function isNodeRefusal(err: unknown): boolean {
  return err instanceof BaseError && err.walk((e) => e instanceof RpcRequestError) !== null;
}

const firstLine = (err: unknown) => ((err as Error).message ?? String(err)).split('\n')[0]!;

export function createPayout(rpcUrl: string, key: Hex = DEFAULT_ONRAMP_KEY): Payout {
  if (!isPrivateKey(key)) throw new PayoutError(`Invalid on-ramp key: ${ONRAMP_KEY_RULE}`);
  const account = privateKeyToAccount(key);
  const reader = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });

  const check = async (): Promise<number> => {
    let chainId: number;
    try {
      chainId = await reader.getChainId();
    } catch (err) {
      throw new PayoutError(`The chain RPC is not answering: ${firstLine(err)}`);
    }
    if (key.toLowerCase() === DEFAULT_ONRAMP_KEY && !LOCAL_CHAIN_IDS.includes(chainId)) {
      throw new PayoutError(
        `The default on-ramp key (Hardhat's public dev account 19) is refused on chain ${caipChainId(chainId)}: set --onramp-key or W3KIT_ONRAMP_KEY`,
      );
    }
    return chainId;
  };

  const sign = async (to: Hex, wei: bigint): Promise<SignedPayout> => {
    const chainId = await check();
    let balance: bigint, nonce: number, fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
    try {
      const chain = defineChain({
        id: chainId,
        name: caipChainId(chainId),
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      });
      [balance, nonce, fees] = await Promise.all([
        reader.getBalance({ address: account.address }),
        // 'pending' counts the payouts still in the node's pool: the next one queues behind them.
        reader.getTransactionCount({ address: account.address, blockTag: 'pending' }),
        reader.estimateFeesPerGas({ chain, type: 'eip1559' }),
      ]);
    } catch (err) {
      throw new PayoutError(`The chain RPC did not answer: ${firstLine(err)}`);
    }
    if (balance < wei + TRANSFER_GAS * fees.maxFeePerGas)
      throw new PayoutError(`The sandbox account ${account.address} has not enough ETH on ${caipChainId(chainId)} for this payout`);
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId,
      to,
      value: wei,
      nonce,
      gas: TRANSFER_GAS,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    return { hash: keccak256(raw), nonce, from: account.address, raw };
  };

  const broadcast = async (raw: Hex): Promise<void> => {
    try {
      await reader.sendRawTransaction({ serializedTransaction: raw });
    } catch (err) {
      if (isNodeRefusal(err)) throw new BroadcastRefused(`the chain refused it (${firstLine(err)})`);
      throw err;
    }
  };

  const waitMined = async (hash: Hex, timeoutMs: number) => {
    try {
      const receipt = await reader.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: Math.min(500, timeoutMs) });
      return receipt.status;
    } catch (err) {
      if (err instanceof WaitForTransactionReceiptTimeoutError) return undefined;
      throw err;
    }
  };

  const state = async (tx: { hash: Hex; nonce: number; from: Hex }): Promise<PayoutState> => {
    // The nonce first: once it is used, a receipt read after it is final for this hash.
    const used = await reader.getTransactionCount({ address: tx.from, blockTag: 'latest' });
    try {
      return (await reader.getTransactionReceipt({ hash: tx.hash })).status;
    } catch (err) {
      if (!(err instanceof TransactionReceiptNotFoundError)) throw err;
    }
    if (used > tx.nonce) return 'replaced';
    try {
      await reader.getTransaction({ hash: tx.hash });
      return 'pending';
    } catch (err) {
      if (err instanceof TransactionNotFoundError) return 'unseen';
      throw err;
    }
  };

  return { address: account.address, check, sign, broadcast, waitMined, state };
}
