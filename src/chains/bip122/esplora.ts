/**
 * Reads from a Bitcoin network's Esplora HTTP API (the network's `rpcUrls.default.http`, tried in
 * order; what mempool.space, electrs and the local `w3kit-server btc` serve): the balance of an
 * address (confirmed and in the mempool: funded minus spent, in sats, exact); a transaction's
 * status is followed by ./send/follow.ts. Each request has a timeout; replies are parsed, never trusted. Failures are
 * ChainRequestErrors with the spec's texts; a server that is down names its URL.
 */
import { ChainRequestError, MissingConfigError } from '../../core/errors.js';
import { formatUnits } from '../../core/format.js';
import type { Network } from '../../wire/networks.js';
import { formatAddress } from './address.js';

export const ESPLORA_TIMEOUT_MS = 10_000;
/** The most sats there can be (21 million BTC): a larger figure is a bad reply. */
const MAX_SATS = 21_000_000n * 100_000_000n;

const badReply = (path: string, reply: unknown): ChainRequestError =>
  new ChainRequestError('RPC request failed', {
    messageCode: 'ChainRpcFailed',
    details: `GET ${path}: unexpected reply ${JSON.stringify(reply)?.slice(0, 200)}`,
  });

async function getOnce(url: string, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const name = (err as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new ChainRequestError('The request took too long to respond', { cause: err, messageCode: 'RequestTimeout', details: url });
    throw new ChainRequestError('HTTP request failed', {
      cause: err,
      messageCode: 'ChainHttpFailed',
      details: `${url}: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
  if (!res.ok)
    throw new ChainRequestError(`HTTP status code: ${res.status}`, { code: res.status, messageCode: 'HttpStatus', details: url });
  try {
    return JSON.parse(await res.text()) as unknown;
  } catch (err) {
    throw new ChainRequestError('RPC request failed', { cause: err, messageCode: 'ChainRpcFailed', details: `${url}: not JSON` });
  }
}

/** GET `path` (starting with '/') from the network's Esplora URLs, the first that answers. */
export async function esploraGet(network: Network, path: string, timeoutMs = ESPLORA_TIMEOUT_MS): Promise<unknown> {
  const urls = network.rpcUrls.default.http;
  if (urls.length === 0) throw new MissingConfigError(`No Esplora url provided for ${network.caipNetworkId}`);
  let lastError: unknown;
  for (const base of urls) {
    try {
      return await getOnce(`${base.replace(/\/+$/, '')}${path}`, timeoutMs);
    } catch (err) {
      // An HTTP status is the server's answer (a 400 for a bad address): the next URL would say the same.
      if (err instanceof ChainRequestError && err.messageCode === 'HttpStatus') throw err;
      lastError = err;
    }
  }
  throw lastError;
}

function sats(path: string, reply: unknown, value: unknown): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw badReply(path, reply);
  return BigInt(value);
}

/** funded minus spent of one of Esplora's stats objects. */
function statsBalance(path: string, reply: unknown, stats: unknown): bigint {
  const s = stats as { funded_txo_sum?: unknown; spent_txo_sum?: unknown } | null;
  if (typeof s !== 'object' || s === null) throw badReply(path, reply);
  return sats(path, reply, s.funded_txo_sum) - sats(path, reply, s.spent_txo_sum);
}

/** The sats of `address`: confirmed (chain_stats) plus unconfirmed (mempool_stats, which may be negative). */
export async function readSats(network: Network, address: string): Promise<bigint> {
  const path = `/address/${encodeURIComponent(formatAddress(address))}`;
  const reply = await esploraGet(network, path);
  const r = reply as { chain_stats?: unknown; mempool_stats?: unknown } | null;
  if (typeof r !== 'object' || r === null) throw badReply(path, reply);
  const total = statsBalance(path, reply, r.chain_stats) + statsBalance(path, reply, r.mempool_stats);
  if (total < 0n || total > MAX_SATS) throw badReply(path, reply);
  return total;
}

/** The BTC balance in whole coins (8 decimals), as a decimal string. */
export async function readNativeBalance(network: Network, address: string): Promise<string> {
  return formatUnits(await readSats(network, address), network.nativeCurrency.decimals);
}
