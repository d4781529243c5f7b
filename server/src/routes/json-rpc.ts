/**
 * JSON-RPC 2.0 over POST for the smart-account routes (./bundler.ts, ./paymaster.ts): one request
 * per body (no batches), its reply with the same id, and refusals as JSON-RPC errors in words.
 */
import * as z from 'zod';
import { EIP155_CHAIN, EIP155_CHAIN_FORM } from '../chains/eip155/chain.js';

/** The largest body the routes read (a user operation with its init code fits many times over). */
export const JSON_RPC_BODY_LIMIT = 128 * 1024;

export const jsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(100), z.number(), z.null()]).optional(),
  method: z.string().max(64),
  params: z.array(z.unknown()).max(8).optional(),
});
export type JsonRpcRequest = z.infer<typeof jsonRpcRequestSchema>;

export const jsonRpcErrorSchema = z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() });
export type JsonRpcError = z.infer<typeof jsonRpcErrorSchema>;

export const jsonRpcReplySchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string(), z.number(), z.null()]),
  result: z.unknown().optional(),
  error: jsonRpcErrorSchema.optional(),
});
export type JsonRpcReply = z.infer<typeof jsonRpcReplySchema>;

/** `{chainId}` of the routes: a CAIP-2 EVM chain id. */
export const chainParamsSchema = z.object({ chainId: z.string().regex(EIP155_CHAIN, `must be ${EIP155_CHAIN_FORM}`) });

/** JSON-RPC error codes the routes answer. */
export const RPC = { methodNotFound: -32601, invalidParams: -32602, internal: -32603, refused: -32000, unavailable: -32003 } as const;

export class RpcRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const rpcResult = (request: JsonRpcRequest, result: unknown): JsonRpcReply => ({ jsonrpc: '2.0', id: request.id ?? null, result });

export const rpcError = (request: JsonRpcRequest, error: JsonRpcError): JsonRpcReply => ({ jsonrpc: '2.0', id: request.id ?? null, error });

/** Runs `answer`, turning an RpcRefusal into its JSON-RPC error. */
export async function answerRpc(request: JsonRpcRequest, answer: () => Promise<JsonRpcReply>): Promise<JsonRpcReply> {
  try {
    return await answer();
  } catch (err) {
    if (err instanceof RpcRefusal) return rpcError(request, { code: err.code, message: err.message });
    throw err;
  }
}
