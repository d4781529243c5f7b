/**
 * The Blockchain API: supported chains and balances of every namespace the server has a node for
 * (the registry of server/src/chains: the EVM index's chain, `--evm-rpc`; Solana, `--solana-rpc`),
 * and over the EVM index (see server/src/blockchain) fungible prices, history and owned NFTs.
 * Every route identifies the project like the Provider API (`projectId`, `st`, `sv`) and answers
 * only the project's allowed origins.
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
import { iconUrls } from '../blockchain/icons.js';
import type { Indexer } from '../blockchain/indexer.js';
import { publicRpcUrl, RpcResponseError, RpcUnavailableError } from '../blockchain/rpc.js';
import type { ServerChain } from '../chains/types.js';
import { HttpError, InputError } from '../errors.js';
import { enumParam, patternParam, stringParam } from '../http/query.js';
import { jsonTextBody } from '../http/validation.js';
import { addressParamsSchema, chainIdParam, errorReplies, projectQueryShape } from './schemas.js';

/** The balance query: `chainId` of any namespace served. */
const balanceQuerySchema = (chains: readonly ServerChain[]) =>
  z.object({
    ...projectQueryShape,
    currency: enumParam(['usd']),
    forceUpdate: stringParam(200),
    chainId: patternParam(
      new RegExp(chains.map((c) => c.chainIdPattern.source).join('|')),
      `must be ${chains.map((c) => c.chainIdForm).join(', or ')}`,
    ),
  });
/**
 * `{address}` of a balance: an address of a namespace served (with a `chainId` of its namespace,
 * or none), or a CAIP-10 account `<chainId>:<address>` of a namespace that takes one; checked by
 * the handler against its chain.
 */
const balanceParamsSchema = z.object({ address: z.string().max(200) });
const historyQuerySchema = z.object({ ...projectQueryShape, cursor: stringParam(64), onramp: stringParam(64), chainId: chainIdParam() });
const chainQuerySchema = z.object({ ...projectQueryShape, chainId: chainIdParam() });

/** A CAIP-10 account (`<chainId>:<address>`) of a namespace whose balances take one. */
function caip10Account(address: string, chains: readonly ServerChain[]) {
  const cut = address.lastIndexOf(':');
  if (cut < 0) return undefined;
  const chainId = address.slice(0, cut);
  const chain = chains.find((c) => c.caip10Balances && c.chainIdPattern.test(chainId));
  return chain && { chain, chainId, address: address.slice(cut + 1) };
}

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
  const { indexer, chains } = app.blockchain;
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

  /** Balances of an account on the namespace's node (`asked`, when given, must be its chain). */
  const balancesOn = async (chain: ServerChain, address: string, asked: string | undefined, tokenIcon: (id: string) => string) => {
    if (!chain.address.pattern.test(address))
      throw new HttpError(400, `Invalid path parameter 'address': ${chain.address.rule}`, 'address');
    const node = app.blockchain.node(chain.namespace);
    if (!node) throw new HttpError(503, chain.missingNode, 'chainId');
    let chainId: string;
    try {
      chainId = await node.chainId();
    } catch (err) {
      throw rpcFailure(err, asked ?? chain.namespace, node.publicUrl);
    }
    if (asked !== undefined && asked !== chainId)
      throw new HttpError(400, `Invalid query parameter 'chainId': chain '${asked}' is not supported (supported: ${chainId})`, 'chainId');
    try {
      return await node.balances(chainId, chain.address.normalize(address), tokenIcon);
    } catch (err) {
      throw rpcFailure(err, chainId, node.publicUrl);
    }
  };

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
      const announced = await Promise.all(chains.map((c) => app.blockchain.node(c.namespace)?.announcedChainId()));
      return { http: announced.filter((c): c is string => Boolean(c)), ws: [] };
    },
  );

  app.get(
    '/v1/account/:address/balance',
    {
      config,
      schema: {
        summary: "An account's native and token balances, with USD values",
        params: balanceParamsSchema,
        querystring: balanceQuerySchema(chains),
        response: { 200: balanceReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { address } = request.params;
      const asked = request.query.chainId;
      const caip = caip10Account(address, chains);
      if (caip) {
        if (asked !== undefined && asked !== caip.chainId)
          throw new HttpError(400, `Invalid query parameter 'chainId': it is not the chain of the address (${caip.chainId})`, 'chainId');
        return { balances: await balancesOn(caip.chain, caip.address, caip.chainId, tokenIcon(request)) };
      }
      const chain =
        (asked === undefined ? chains.find((c) => c.address.pattern.test(address)) : chains.find((c) => c.chainIdPattern.test(asked))) ??
        chains[0]!;
      return { balances: await balancesOn(chain, address, asked, tokenIcon(request)) };
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
