/**
 * JSON-RPC 2.0 dispatch shared by the HTTP and websocket servers: one request or a batch (at
 * most BATCH_MAX), each checked (-32600 for a malformed one, -32601 for an unknown method);
 * a method's RpcError becomes its error reply and anything else -32603, never a crash.
 * Notifications (no `id`) run but get no reply.
 */
import { INTERNAL_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, PARSE_ERROR, RpcError } from './errors.js';
import { paramList, type Params } from './params.js';

export const BATCH_MAX = 100;

export type Handler = (params: Params) => unknown;
type Id = string | number | null;

export interface RpcReply {
  jsonrpc: '2.0';
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

export const errorReply = (id: Id, code: number, message: string, data?: unknown): RpcReply => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

function single(request: unknown, methods: ReadonlyMap<string, Handler>, onError: (err: unknown) => void): RpcReply | undefined {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return errorReply(null, INVALID_REQUEST, 'Invalid request');
  const { jsonrpc, id, method, params } = request as Record<string, unknown>;
  const validId = id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  const replyId: Id = validId && id !== undefined ? (id as Id) : null;
  if (jsonrpc !== '2.0' || !validId || typeof method !== 'string') return errorReply(replyId, INVALID_REQUEST, 'Invalid request');
  const handler = methods.get(method);
  let reply: RpcReply;
  if (!handler) reply = errorReply(replyId, METHOD_NOT_FOUND, 'Method not found');
  else {
    try {
      reply = { jsonrpc: '2.0', id: replyId, result: handler(paramList(params)) };
    } catch (err) {
      if (err instanceof RpcError) reply = errorReply(replyId, err.code, err.message, err.data);
      else {
        onError(err);
        reply = errorReply(replyId, INTERNAL_ERROR, 'Internal error');
      }
    }
  }
  return id === undefined ? undefined : reply;
}

/** The reply to a request body (already parsed, or the text when it is not JSON); undefined when nothing is owed. */
export function dispatch(
  body: string,
  methods: ReadonlyMap<string, Handler>,
  onError: (err: unknown) => void = () => undefined,
): RpcReply | RpcReply[] | undefined {
  let request: unknown;
  try {
    request = JSON.parse(body);
  } catch {
    return errorReply(null, PARSE_ERROR, 'Parse error');
  }
  if (!Array.isArray(request)) return single(request, methods, onError);
  if (request.length === 0) return errorReply(null, INVALID_REQUEST, 'Invalid request: empty batch');
  if (request.length > BATCH_MAX) return errorReply(null, INVALID_REQUEST, `Invalid request: a batch holds at most ${BATCH_MAX} requests`);
  const replies = request.map((r) => single(r, methods, onError)).filter((r): r is RpcReply => r !== undefined);
  return replies.length ? replies : undefined;
}
