/** JSON-RPC over fetch to a synced network's RPC URL, for safe reads and Solana's sendTransaction. */
import { FrameRpcError } from './approval-queue.js';
import type { JsonRpcCall } from './context.js';

let nextId = 1;

export function createJsonRpc(fetchFn: (url: string, init: RequestInit) => Promise<Response>): JsonRpcCall {
  return async (url, method, params) => {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      credentials: 'omit',
    });
    const body = (await response.json().catch(() => undefined)) as
      | { result?: unknown; error?: { code?: unknown; message?: unknown } }
      | undefined;
    if (body?.error) {
      const code = typeof body.error.code === 'number' ? body.error.code : -32603;
      throw new FrameRpcError(typeof body.error.message === 'string' ? body.error.message : `${method} failed`, code);
    }
    if (!response.ok || !body || !('result' in body))
      throw new FrameRpcError(`The RPC node answered ${response.status} to ${method}`, -32603);
    return body.result;
  };
}
