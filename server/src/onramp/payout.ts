/**
 * The sandbox's payouts: ETH sent from a funded account on the `--evm-rpc` chain. The key is
 * `--onramp-key` / W3KIT_ONRAMP_KEY, by default Hardhat's well-known dev account 19, which is
 * refused on any chain but the local ones (31337, 1337): its key is public. Payouts go one at a
 * time (one nonce sequence), each waiting for its receipt.
 */
import { createPublicClient, createWalletClient, defineChain, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Hardhat's dev account 19 (0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199): funded on a fresh local chain. */
export const DEFAULT_ONRAMP_KEY: Hex = '0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e';
/** The chains the default key may pay on. */
export const LOCAL_CHAIN_IDS: readonly number[] = [31337, 1337];
export const ONRAMP_KEY_RULE = 'must be a private key: 0x and 64 hex characters';
const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/;
const RECEIPT_TIMEOUT_MS = 60_000;

/** A payout that cannot be made (configuration, funds, the chain's refusal), in words for the page. */
export class PayoutError extends Error {
  override name = 'PayoutError';
}

export interface Payout {
  /** The paying account's address. */
  readonly address: Hex;
  /** Throws a PayoutError when this key may not pay on the node's chain. */
  check(): Promise<number>;
  /** Sends `wei` to `to` and waits for the receipt; the transaction hash. */
  pay(to: Hex, wei: bigint): Promise<Hex>;
}

export function isPrivateKey(key: string): key is Hex {
  return PRIVATE_KEY.test(key);
}

export function createPayout(rpcUrl: string, key: Hex = DEFAULT_ONRAMP_KEY): Payout {
  if (!isPrivateKey(key)) throw new PayoutError(`Invalid on-ramp key: ${ONRAMP_KEY_RULE}`);
  const account = privateKeyToAccount(key);
  const reader = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
  let queue: Promise<unknown> = Promise.resolve();

  const check = async (): Promise<number> => {
    let chainId: number;
    try {
      chainId = await reader.getChainId();
    } catch (err) {
      throw new PayoutError(`The chain RPC is not answering: ${(err as Error).message.split('\n')[0]}`);
    }
    if (key.toLowerCase() === DEFAULT_ONRAMP_KEY && !LOCAL_CHAIN_IDS.includes(chainId)) {
      throw new PayoutError(
        `The default on-ramp key (Hardhat's public dev account 19) is refused on chain eip155:${chainId}: set --onramp-key or W3KIT_ONRAMP_KEY`,
      );
    }
    return chainId;
  };

  const send = async (to: Hex, wei: bigint): Promise<Hex> => {
    const chainId = await check();
    const balance = await reader.getBalance({ address: account.address });
    if (balance < wei)
      throw new PayoutError(`The sandbox account ${account.address} has not enough ETH on eip155:${chainId} for this payout`);
    const chain = defineChain({
      id: chainId,
      name: `eip155:${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    });
    const wallet = createWalletClient({ account, chain, transport: http(rpcUrl, { retryCount: 0 }) });
    const hash = await wallet.sendTransaction({ to, value: wei });
    const receipt = await reader.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
    if (receipt.status !== 'success') throw new PayoutError(`The payout transaction ${hash} failed on chain`);
    return hash;
  };

  return {
    address: account.address,
    check,
    pay(to, wei) {
      const run = queue.then(() => send(to, wei));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
