/**
 * The Blockchain API over the EVM index (see server/src/blockchain): supported chains, balances,
 * fungible prices, history and owned NFTs. Every route identifies the project like the
 * Provider API (`projectId`, `st`, `sv`) and answers only the project's allowed origins.
 * A node that does not answer gives 503, one that answers with an error 502; both name the
 * RPC. That mapping is this plugin's error handler, so handlers just call the repository.
 */
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  balanceReplySchema,
  EVM_ASSET_ID,
  fungiblePriceBodySchema,
  fungiblePriceReplySchema,
  historyReplySchema,
  nftsReplySchema,
  supportedChainsReplySchema,
} from '../../../src/wire/blockchain-api.js';
import { publicRpcUrl } from '../blockchain/chain.js';
import { iconUrls } from '../blockchain/icons.js';
import type { Indexer } from '../blockchain/indexer.js';
import { RpcResponseError, RpcUnavailableError } from '../blockchain/rpc.js';
import { HttpError, InputError } from '../errors.js';
import { enumParam, stringParam } from '../http/query.js';
import { jsonTextBody } from '../http/validation.js';
import { addressParamsSchema, chainIdParam, errorReplies, projectQueryShape } from './schemas.js';

const balanceQuerySchema = z.object({
  ...projectQueryShape,
  currency: enumParam(['usd']),
  forceUpdate: stringParam(200),
  chainId: chainIdParam(),
});
const historyQuerySchema = z.object({ ...projectQueryShape, cursor: stringParam(64), onramp: stringParam(64), chainId: chainIdParam() });
const chainQuerySchema = z.object({ ...projectQueryShape, chainId: chainIdParam() });

/** The HTTP error for a failure of the chain's node (or of the domain's input checks); other errors as they are. */
export function rpcFailure(err: unknown, chainId: string, rpcUrl: string): unknown {
  if (err instanceof RpcUnavailableError) {
    return new HttpError(503, `The chain RPC of ${chainId} (${rpcUrl}) is not answering: ${err.message}`, undefined, {
      'retry-after': '1',
    });
  }
  if (err instanceof RpcResponseError)
    return new HttpError(502, `The chain RPC of ${chainId} (${rpcUrl}) answered with an error: ${err.message}`);
  if (err instanceof InputError) return new HttpError(400, err.message, err.field);
  return err;
}

export const blockchainRoutes: FastifyPluginAsyncZod = async (app) => {
  const { indexer } = app.blockchain;
  /** Absolute icon URLs from the configured public URL, never from the request's Host or X-Forwarded-Host. */
  const tokenIcon = (request: FastifyRequest) => iconUrls(app.publicUrl(), request.caller!.project.id).token;

  app.setErrorHandler(async (err: FastifyError) => {
    throw rpcFailure(err, indexer?.chainId() ?? '', publicRpcUrl(indexer?.rpcUrl ?? ''));
  });

  /** The indexed chain a request asks for (the indexed one when it names none). */
  const chainOf = (asked: string | undefined): { chainId: string; indexer: Indexer } => {
    if (!indexer) throw new HttpError(503, 'No EVM chain is indexed: start w3kit-server with --evm-rpc URL', 'chainId');
    const chainId = indexer.chainId();
    if (!chainId)
      throw new HttpError(503, `The EVM chain RPC ${publicRpcUrl(indexer.rpcUrl)} has not answered yet`, 'chainId', { 'retry-after': '1' });
    if (asked !== undefined && asked !== chainId)
      throw new HttpError(400, `Invalid query parameter 'chainId': chain '${asked}' is not supported (supported: ${chainId})`, 'chainId');
    return { chainId, indexer };
  };

  const config = { access: 'allowed-origins' } as const;

  app.get(
    '/v1/supported-chains',
    {
      config,
      schema: {
        summary: 'The indexed chains',
        querystring: z.object(projectQueryShape),
        response: { 200: supportedChainsReplySchema, ...errorReplies },
      },
    },
    async () => {
      const chainId = indexer?.chainId();
      return { http: chainId ? [chainId] : [], ws: [] };
    },
  );

  app.get(
    '/v1/account/:address/balance',
    {
      config,
      schema: {
        summary: "An account's native and token balances, with USD values",
        params: addressParamsSchema,
        querystring: balanceQuerySchema,
        response: { 200: balanceReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { chainId, indexer: chain } = chainOf(request.query.chainId);
      return { balances: await app.blockchain.balances(chain, chainId, request.params.address, tokenIcon(request)) };
    },
  );

  app.post(
    '/v1/fungible/price',
    {
      config,
      preValidation: jsonTextBody,
      schema: {
        summary: 'USD prices of native currencies and tokens',
        querystring: z.object(projectQueryShape),
        body: fungiblePriceBodySchema,
        response: { 200: fungiblePriceReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { body } = request;
      if (body.projectId !== undefined && body.projectId !== request.caller!.project.id) {
        throw new HttpError(400, "Invalid body field 'projectId': must be the project of the request", 'projectId');
      }
      const assets = body.addresses.map((a) => {
        const [, chainId, token] = EVM_ASSET_ID.exec(a)!;
        return { chainId: chainId!, token: token!.toLowerCase() };
      });
      return { fungibles: await app.blockchain.fungiblePrices(assets, tokenIcon(request)) };
    },
  );

  app.get(
    '/v1/account/:address/history',
    {
      config,
      schema: {
        summary: "An account's transactions, newest first, a page at a time",
        params: addressParamsSchema,
        querystring: historyQuerySchema,
        response: { 200: historyReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { chainId } = chainOf(request.query.chainId);
      const { cursor } = request.query;
      return app.blockchain.history(chainId, request.params.address, cursor || undefined, tokenIcon(request));
    },
  );

  app.get(
    '/v1/account/:address/nfts',
    {
      config,
      schema: {
        summary: 'The NFTs an account holds',
        params: addressParamsSchema,
        querystring: chainQuerySchema,
        response: { 200: nftsReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { chainId } = chainOf(request.query.chainId);
      return { data: app.blockchain.nfts(chainId, request.params.address, tokenIcon(request)) };
    },
  );
};
