/**
 * JSON-RPC to a Solana network's node, bounded: each request has a timeout, reads try the
 * network's URLs in order, a send goes to the first URL once and is never retried (the same
 * signed transaction sent twice would be a second attempt the person did not ask for). Failures
 * are ChainRequestErrors with the spec's texts; a node that is down names its URL.
 */
import { base64Decode, base64Encode } from '../../wire/base64.js';
import { ChainRequestError, MissingConfigError, W3Error } from '../../core/errors.js';
import type { Network } from '../../wire/networks.js';

export const SOLANA_RPC_TIMEOUT_MS = 10_000;

export interface RpcOptions {
  /** Only the first URL, one attempt (sends). */
  once?: boolean;
  timeoutMs?: number;
}

interface RpcReply {
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}

let nextId = 1;

function urlsOf(network: Network): readonly string[] {
  const urls = network.rpcUrls.default.http;
  if (urls.length === 0) throw new MissingConfigError(`No RPC url provided for ${network.caipNetworkId}`);
  return urls;
}

async function post(url: string, body: string, timeoutMs: number): Promise<{ reply: RpcReply; text: string }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const name = (err as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new ChainRequestError('The request took too long to respond', { cause: err, messageCode: 'RequestTimeout', details: url });
    }
    throw new ChainRequestError('HTTP request failed', {
      cause: err,
      messageCode: 'ChainHttpFailed',
      details: `${url}: ${err instanceof Error ? err.message : String(err)}`,
    });
  }
  if (!res.ok)
    throw new ChainRequestError(`HTTP status code: ${res.status}`, { code: res.status, messageCode: 'HttpStatus', details: url });
  let text: string;
  let reply: unknown;
  try {
    text = await res.text();
    reply = JSON.parse(text);
  } catch (err) {
    throw new ChainRequestError('RPC request failed', { cause: err, messageCode: 'ChainRpcFailed', details: `${url}: not JSON` });
  }
  if (typeof reply !== 'object' || reply === null) {
    throw new ChainRequestError('RPC request failed', { messageCode: 'ChainRpcFailed', details: `${url}: not a JSON-RPC reply` });
  }
  return { reply: reply as RpcReply, text };
}

function rpcFailure(method: string, error: NonNullable<RpcReply['error']>): W3Error {
  const message = typeof error.message === 'string' ? error.message.slice(0, 500) : 'unknown error';
  return new ChainRequestError('RPC request failed', {
    messageCode: 'ChainRpcFailed',
    code: typeof error.code === 'number' ? error.code : undefined,
    details: `${method}: ${message}`,
  });
}

/** Calls `method`; resolves to the reply's `result` and the raw text (for exact u64s). */
export async function solanaRpcRaw(
  network: Network,
  method: string,
  params: unknown[],
  options: RpcOptions = {},
): Promise<{ result: unknown; text: string }> {
  const urls = urlsOf(network);
  const body = JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params });
  const timeoutMs = options.timeoutMs ?? SOLANA_RPC_TIMEOUT_MS;
  let lastError: unknown;
  for (const url of options.once ? urls.slice(0, 1) : urls) {
    let answered: { reply: RpcReply; text: string };
    try {
      answered = await post(url, body, timeoutMs);
    } catch (err) {
      lastError = err;
      continue;
    }
    if (answered.reply.error) throw rpcFailure(method, answered.reply.error);
    if (!('result' in answered.reply)) {
      throw new ChainRequestError('RPC request failed', { messageCode: 'ChainRpcFailed', details: `${method}: no result` });
    }
    return { result: answered.reply.result, text: answered.text };
  }
  throw lastError;
}

export async function solanaRpc(network: Network, method: string, params: unknown[], options?: RpcOptions): Promise<unknown> {
  return (await solanaRpcRaw(network, method, params, options)).result;
}

/** A reply that is not what the method returns. */
export function badReply(method: string, reply: unknown): W3Error {
  return new ChainRequestError('RPC request failed', {
    messageCode: 'ChainRpcFailed',
    details: `${method}: unexpected reply ${JSON.stringify(reply)?.slice(0, 200)}`,
  });
}

/** The `value` of a `{ context, value }` reply. */
export function valueOf(method: string, reply: unknown): unknown {
  if (typeof reply !== 'object' || reply === null || !('value' in reply)) throw badReply(method, reply);
  return (reply as { value: unknown }).value;
}

export const toBase64 = base64Encode;

/** The bytes of a base64 text a node sent; throws when it is not base64 (callers turn it into a bad reply). */
export function fromBase64(text: string): Uint8Array {
  const bytes = base64Decode(text);
  if (!bytes) throw new TypeError('Not base64');
  return bytes;
}
