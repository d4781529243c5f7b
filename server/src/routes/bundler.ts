/**
 * The Blockchain API's bundler route, POST /v1/bundler/{chainId} (CAIP-2; JSON-RPC 2.0; the
 * project in the query and its allowed origins, as every Blockchain API route): a proxy to the
 * bundler of the `--evm-rpc` chain (`--bundler-url`) for an allowlist of ERC-4337 methods, its
 * JSON-RPC errors passed on as they are; and GET /v1/smart-accounts/networks, the chains whose
 * bundler, EntryPoint v0.7 and paymaster are there (spec 3's smart-account enabled networks), and
 * (./smart-accounts.ts) GET /v1/smart-accounts/{chainId}, the contracts of such a chain.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { AaService } from '../aa/service.js';
import { caipChainId } from '../chains/eip155/chain.js';
import { errorReplies, projectQuerySchema } from './schemas.js';
import { smartAccountRoutes } from './smart-accounts.js';
import {
  answerRpc,
  chainParamsSchema,
  JSON_RPC_BODY_LIMIT,
  jsonRpcReplySchema,
  jsonRpcRequestSchema,
  RPC,
  rpcError,
  RpcRefusal,
  rpcResult,
  type JsonRpcRequest,
} from './json-rpc.js';

/** The methods the route passes to the bundler; others are refused. */
export const BUNDLER_METHODS: readonly string[] = [
  'eth_sendUserOperation',
  'eth_estimateUserOperationGas',
  'eth_getUserOperationReceipt',
  'eth_getUserOperationByHash',
  'eth_supportedEntryPoints',
  'eth_chainId',
  'pimlico_getUserOperationGasPrice',
];

/** How long the bundler may take to answer, and the largest answer read. */
export const BUNDLER_TIMEOUT_MS = 30_000;
const REPLY_LIMIT = 1024 * 1024;

export interface SmartAccountRouteOptions {
  aa: AaService;
}

/** The bundler URL of `asked`, or a refusal in words. */
export async function chainOf(aa: AaService, asked: string, what: 'bundler' | 'paymaster') {
  const chain = await aa.chain();
  if (!chain)
    throw new RpcRefusal(
      RPC.unavailable,
      `This server has no EVM chain for a ${what}: it was started without --evm-rpc, or its node does not answer`,
    );
  if (caipChainId(chain.chainId) !== asked)
    throw new RpcRefusal(RPC.unavailable, `Chain ${asked} has no ${what} on this server (it serves ${caipChainId(chain.chainId)})`);
  return chain;
}

async function forward(url: string, request: JsonRpcRequest) {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: request.method, params: request.params ?? [] }),
      signal: AbortSignal.timeout(BUNDLER_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new RpcRefusal(
      RPC.unavailable,
      timedOut ? `The bundler did not answer within ${BUNDLER_TIMEOUT_MS / 1000} s` : 'The bundler does not answer',
    );
  }
  const text = await response.text();
  let reply: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } } | undefined;
  try {
    reply = text.length <= REPLY_LIMIT ? (JSON.parse(text) as typeof reply) : undefined;
  } catch {
    reply = undefined;
  }
  if (reply && typeof reply === 'object' && reply.error && typeof reply.error === 'object') {
    const { code, message, data } = reply.error;
    return rpcError(request, {
      code: typeof code === 'number' ? code : RPC.internal,
      message: typeof message === 'string' ? message.slice(0, 2_000) : 'The bundler refused the request',
      ...(data === undefined ? {} : { data }),
    });
  }
  if (reply && typeof reply === 'object' && 'result' in reply) return rpcResult(request, reply.result ?? null);
  throw new RpcRefusal(RPC.internal, `The bundler answered HTTP ${response.status} without a JSON-RPC reply`);
}

export const bundlerRoutes: FastifyPluginAsyncZod<SmartAccountRouteOptions> = async (app, { aa }) => {
  const config = { access: 'allowed-origins' } as const;
  // GET /v1/smart-accounts/{chainId}: the chain's smart-account contracts.
  await app.register(smartAccountRoutes, { aa });

  app.post(
    '/v1/bundler/:chainId',
    {
      config,
      bodyLimit: JSON_RPC_BODY_LIMIT,
      schema: {
        summary: "JSON-RPC to the chain's ERC-4337 bundler (allowlisted methods)",
        params: chainParamsSchema,
        querystring: projectQuerySchema,
        body: jsonRpcRequestSchema,
        response: { 200: jsonRpcReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { body } = request;
      return answerRpc(body, async () => {
        if (!BUNDLER_METHODS.includes(body.method))
          throw new RpcRefusal(
            RPC.methodNotFound,
            `Method '${body.method}' is not served by the bundler route; it serves ${BUNDLER_METHODS.join(', ')}`,
          );
        const chain = await chainOf(aa, request.params.chainId, 'bundler');
        if (!chain.bundlerUrl)
          throw new RpcRefusal(
            RPC.unavailable,
            `Chain ${request.params.chainId} has no bundler on this server: start it with --bundler-url`,
          );
        return forward(chain.bundlerUrl, body);
      });
    },
  );

  app.get(
    '/v1/smart-accounts/networks',
    {
      config,
      schema: {
        summary: 'The chains where smart accounts work: a bundler, the EntryPoint v0.7 and a paymaster',
        querystring: projectQuerySchema,
        response: { 200: z.object({ smartAccountEnabledNetworks: z.array(z.number()) }), ...errorReplies },
      },
    },
    async () => {
      const chain = await aa.chain();
      return { smartAccountEnabledNetworks: chain && (await aa.enabled()) ? [chain.chainId] : [] };
    },
  );
};
