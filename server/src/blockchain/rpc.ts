/**
 * A small JSON-RPC 2.0 client over fetch for one EVM node: single calls and batches, a timeout
 * per request, and two error kinds the HTTP layer maps to replies: `RpcUnavailableError` (the
 * node does not answer: 503) and `RpcResponseError` (it answers with an error or garbage: 502).
 */

export const RPC_TIMEOUT_MS = 10_000;

export interface RpcCall {
  method: string;
  params: readonly unknown[];
}

/** One answer of a batch: a result, or the node's error for that call. */
export type RpcOutcome = { ok: true; result: unknown } | { ok: false; error: RpcResponseError };

export interface RpcClient {
  readonly url: string;
  request<T = unknown>(method: string, params?: readonly unknown[], signal?: AbortSignal): Promise<T>;
  /** Sends the calls as one JSON-RPC batch; outcomes come back in the calls' order. */
  batch(calls: readonly RpcCall[], signal?: AbortSignal): Promise<RpcOutcome[]>;
}

/** The node could not be reached (refused, reset, timed out, HTTP 5xx). */
export class RpcUnavailableError extends Error {
  override name = 'RpcUnavailableError';
}

/** The node answered, but with a JSON-RPC error or a malformed reply. */
export class RpcResponseError extends Error {
  override name = 'RpcResponseError';
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

interface JsonRpcReply {
  id?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}

function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message ?? String(err);
}

function outcome(reply: JsonRpcReply | undefined, method: string): RpcOutcome {
  if (!reply || typeof reply !== 'object') return { ok: false, error: new RpcResponseError(`${method}: no reply`) };
  if (reply.error) {
    const code = typeof reply.error.code === 'number' ? reply.error.code : undefined;
    const message = typeof reply.error.message === 'string' ? reply.error.message : 'unknown error';
    return { ok: false, error: new RpcResponseError(`${method}: ${message}`, code) };
  }
  if (!('result' in reply)) return { ok: false, error: new RpcResponseError(`${method}: the reply has no result`) };
  return { ok: true, result: reply.result };
}

export function createRpcClient(url: string, { timeoutMs = RPC_TIMEOUT_MS } = {}): RpcClient {
  let nextId = 1;

  async function post(body: unknown, signal: AbortSignal | undefined): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new RpcUnavailableError(timeout.aborted ? `no answer within ${timeoutMs / 1000} s` : describe(err));
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      if (signal?.aborted) throw err;
      throw new RpcUnavailableError(describe(err));
    }
    if (res.status >= 500 && !text.startsWith('{') && !text.startsWith('[')) throw new RpcUnavailableError(`HTTP ${res.status}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new RpcResponseError(`HTTP ${res.status}: the reply is not JSON`);
    }
  }

  return {
    url,
    async request<T>(method: string, params: readonly unknown[] = [], signal?: AbortSignal): Promise<T> {
      const reply = (await post({ jsonrpc: '2.0', id: nextId++, method, params }, signal)) as JsonRpcReply;
      const result = outcome(reply, method);
      if (!result.ok) throw result.error;
      return result.result as T;
    },
    async batch(calls: readonly RpcCall[], signal?: AbortSignal): Promise<RpcOutcome[]> {
      if (calls.length === 0) return [];
      const first = nextId;
      nextId += calls.length;
      const replies = await post(
        calls.map((c, i) => ({ jsonrpc: '2.0', id: first + i, method: c.method, params: c.params })),
        signal,
      );
      if (!Array.isArray(replies)) {
        const single = outcome(replies as JsonRpcReply, calls[0]!.method);
        throw single.ok ? new RpcResponseError('the batch reply is not a list') : single.error;
      }
      const byId = new Map<unknown, JsonRpcReply>((replies as JsonRpcReply[]).map((r) => [r?.id, r]));
      return calls.map((c, i) => outcome(byId.get(first + i), c.method));
    },
  };
}

export const BATCH_MAX = 500;

/** Sends the calls in batches of at most 500 (one after the other); outcomes in the calls' order. */
export async function batched(rpc: RpcClient, calls: readonly RpcCall[], signal?: AbortSignal): Promise<RpcOutcome[]> {
  const out: RpcOutcome[] = [];
  for (let i = 0; i < calls.length; i += BATCH_MAX) out.push(...(await rpc.batch(calls.slice(i, i + BATCH_MAX), signal)));
  return out;
}

/** The results of a batch, throwing the first error. */
export async function batchResults(rpc: RpcClient, calls: readonly RpcCall[], signal?: AbortSignal): Promise<unknown[]> {
  return (await rpc.batch(calls, signal)).map((o) => {
    if (!o.ok) throw o.error;
    return o.result;
  });
}

/** A node URL safe to show in replies: its origin only (a path or query often holds an API key). */
export function publicRpcUrl(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid URL)';
  }
}
