import { createClient, fallback, formatEther, http, HttpRequestError, TimeoutError, type Client, type Transport } from 'viem';
import { estimateGas, getBalance, getGasPrice, waitForTransactionReceipt } from 'viem/actions';
import { ChainRequestError, MissingConfigError, W3Error } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';

/**
 * Chain reads over JSON-RPC (spec section 7): per-chain URLs, batching up to 1000 with no wait,
 * fallback across URLs, 10 s timeout, 3 attempts on network errors and HTTP 403, 408, 413, 429,
 * 500, 502, 503, 504 (viem's http transport retries exactly those, honours Retry-After and
 * otherwise backs off exponentially from 150 ms), fallback polling every 4 s.
 */
export const RPC_POLICY = { batchSize: 1000, batchWait: 0, timeoutMs: 10_000, attempts: 3, retryDelayMs: 150, pollingMs: 4000 } as const;

const clients = new Map<string, Client>();

export function chainTransport(urls: readonly string[]): Transport {
  const transports = urls.map((url) =>
    http(url, {
      batch: { batchSize: RPC_POLICY.batchSize, wait: RPC_POLICY.batchWait },
      timeout: RPC_POLICY.timeoutMs,
      retryCount: RPC_POLICY.attempts - 1,
      retryDelay: RPC_POLICY.retryDelayMs,
    }),
  );
  if (transports.length === 0) throw new MissingConfigError('No RPC url provided for chainId');
  return transports.length === 1 ? (transports[0] as Transport) : fallback(transports, { retryCount: 0 });
}

/** One public client per network (by CAIP id and URLs). */
export function chainClient(network: Network): Client {
  const key = `${network.caipNetworkId}|${network.rpcUrls.default.http.join(',')}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient({ transport: chainTransport(network.rpcUrls.default.http), pollingInterval: RPC_POLICY.pollingMs });
    clients.set(key, client);
  }
  return client;
}

/** Maps viem's transport errors to the spec's texts. */
export function toChainError(err: unknown): W3Error {
  if (err instanceof W3Error) return err;
  const timeout =
    err instanceof TimeoutError ||
    (err instanceof Error && (err as { walk?: (fn: (e: unknown) => boolean) => unknown }).walk?.((e) => e instanceof TimeoutError));
  if (timeout) return new ChainRequestError('The request took too long to respond', { cause: err, messageCode: 'RequestTimeout' });
  const http =
    err instanceof Error
      ? ((err as { walk?: (fn: (e: unknown) => boolean) => unknown }).walk?.(
          (e) => e instanceof HttpRequestError,
        ) as HttpRequestError | null)
      : null;
  if (http?.status)
    return new ChainRequestError(`HTTP status code: ${http.status}`, { code: http.status, cause: err, messageCode: 'HttpStatus' });
  if (http) return new ChainRequestError('HTTP request failed', { cause: err, messageCode: 'ChainHttpFailed', details: http.shortMessage });
  const rpcCode = (err as { code?: unknown })?.code;
  return new ChainRequestError('RPC request failed', {
    messageCode: 'ChainRpcFailed',
    code: typeof rpcCode === 'number' ? rpcCode : undefined,
    cause: err,
    details: err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : String(err),
  });
}

/** The native balance as a decimal string of the coin (wei / 10^18). */
export async function readNativeBalance(network: Network, address: `0x${string}`): Promise<string> {
  try {
    const wei = await getBalance(chainClient(network), { address });
    return network.nativeCurrency.decimals === 18 ? formatEther(wei) : (Number(wei) / 10 ** network.nativeCurrency.decimals).toString();
  } catch (err) {
    throw toChainError(err);
  }
}

/** Waits for a transaction's receipt (polling every 500 ms); resolves with its status: mined and succeeded, or reverted. */
export async function waitForReceipt(network: Network, hash: `0x${string}`, timeout = 60_000): Promise<'success' | 'reverted'> {
  try {
    const receipt = await waitForTransactionReceipt(chainClient(network), { hash, timeout, pollingInterval: 500 });
    return receipt.status;
  } catch (err) {
    throw toChainError(err);
  }
}

/** The network fee of a transaction from `from`: the chain's gas estimate times its gas price, in wei. */
export async function estimateFee(
  network: Network,
  tx: { from: `0x${string}`; to: `0x${string}`; value?: bigint; data?: `0x${string}` },
): Promise<bigint> {
  const client = chainClient(network);
  try {
    const [gas, gasPrice] = await Promise.all([
      estimateGas(client, { account: tx.from, to: tx.to, value: tx.value, data: tx.data }),
      getGasPrice(client),
    ]);
    return gas * gasPrice;
  } catch (err) {
    throw toChainError(err);
  }
}
