/**
 * The Blockchain API over the EVM index (see server/src/blockchain): supported chains, balances,
 * fungible prices, history and owned NFTs; with a Solana RPC (`--solana-rpc`) also the balances
 * of Solana accounts (a base58 address with a solana chainId, or `solana:<chain>:<address>`).
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
import { RpcResponseError, RpcUnavailableError } from '../blockchain/rpc.js';
import { HttpError, InputError } from '../errors.js';
import { enumParam, patternParam, stringParam } from '../http/query.js';
import { EIP155_CHAIN, EVM_ADDRESS, EVM_ADDRESS_RULE, publicRpcUrl } from '../blockchain/chain.js';
import { SOLANA_ADDRESS, SOLANA_ADDRESS_RULE, SOLANA_CHAIN } from '../blockchain/solana-tokens.js';
import { jsonTextBody } from '../http/validation.js';
import { addressParamsSchema, chainIdParam, errorReplies, projectQueryShape } from './schemas.js';

const balanceQuerySchema = z.object({
  ...projectQueryShape,
  currency: enumParam(['usd']),
  forceUpdate: stringParam(200),
  chainId: patternParam(
    new RegExp(`${EIP155_CHAIN.source}|${SOLANA_CHAIN.source}`),
    'must be a CAIP-2 EVM chain id such as eip155:31337, or solana:<genesis hash prefix>',
  ),
});
const SOLANA_CAIP_ADDRESS = /^(solana:[1-9A-HJ-NP-Za-km-z]{32}):([^:]*)$/;
/**
 * `{address}` of a balance: an EVM address, a Solana address (with a solana `chainId`, or none), or
 * a CAIP-10 Solana account `solana:<chain>:<address>`; checked by the handler against its chain.
 */
const balanceParamsSchema = z.object({ address: z.string().max(200) });
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

  /** The Solana chain's id, when a Solana RPC is configured and answers within a second or two. */
  const solanaChainId = async (): Promise<string | undefined> => {
    const { solana } = app.blockchain;
    if (!solana) return undefined;
    // AbortSignal.timeout's timer does not keep the process alive.
    const timeout = new Promise<undefined>((resolve) => AbortSignal.timeout(2000).addEventListener('abort', () => resolve(undefined)));
    return Promise.race([solana.chainId().catch(() => undefined), timeout]);
  };

  /** Balances of a Solana account on the configured Solana chain (`asked`, when given, must be it). */
  const solanaBalances = async (address: string, asked: string | undefined, tokenIcon: (id: string) => string) => {
    const { solana } = app.blockchain;
    if (!solana) throw new HttpError(503, 'No Solana chain is configured: start w3kit-server with --solana-rpc URL', 'chainId');
    if (!SOLANA_ADDRESS.test(address)) throw new HttpError(400, `Invalid path parameter 'address': ${SOLANA_ADDRESS_RULE}`, 'address');
    const rpcUrl = publicRpcUrl(solana.rpc.url);
    let chainId: string;
    try {
      chainId = await solana.chainId();
    } catch (err) {
      throw rpcFailure(err, asked ?? 'solana', rpcUrl);
    }
    if (asked !== undefined && asked !== chainId)
      throw new HttpError(400, `Invalid query parameter 'chainId': chain '${asked}' is not supported (supported: ${chainId})`, 'chainId');
    try {
      return await app.blockchain.solanaBalances(chainId, address, tokenIcon);
    } catch (err) {
      throw rpcFailure(err, chainId, rpcUrl);
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
      const chainId = indexer?.chainId();
      const solana = await solanaChainId();
      return { http: [chainId, solana].filter((c): c is string => Boolean(c)), ws: [] };
    },
  );

  app.get(
    '/v1/account/:address/balance',
    {
      config,
      schema: {
        summary: "An account's native and token balances, with USD values",
        params: balanceParamsSchema,
        querystring: balanceQuerySchema,
        response: { 200: balanceReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { address } = request.params;
      const asked = request.query.chainId;
      const caip = SOLANA_CAIP_ADDRESS.exec(address);
      if (caip) {
        if (asked !== undefined && asked !== caip[1])
          throw new HttpError(400, `Invalid query parameter 'chainId': it is not the chain of the address (${caip[1]})`, 'chainId');
        return { balances: await solanaBalances(caip[2]!, caip[1], tokenIcon(request)) };
      }
      if (asked?.startsWith('solana:') || (asked === undefined && SOLANA_ADDRESS.test(address))) {
        return { balances: await solanaBalances(address, asked, tokenIcon(request)) };
      }
      if (!EVM_ADDRESS.test(address)) throw new HttpError(400, `Invalid path parameter 'address': ${EVM_ADDRESS_RULE}`, 'address');
      const { chainId, indexer: chain } = chainOf(asked);
      return { balances: await app.blockchain.balances(chain, chainId, address.toLowerCase(), tokenIcon(request)) };
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
