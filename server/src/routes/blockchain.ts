/**
 * The Blockchain API: supported chains, and balances, history, NFTs and token prices of every
 * namespace the server has a node for, through the registry of server/src/chains (the EVM
 * index's chain, `--evm-rpc`, answers all of them; Solana, `--solana-rpc`, balances only: a read
 * a namespace lacks is refused naming it). Every route identifies the project like the Provider
 * API (`projectId`, `st`, `sv`) and answers only the project's allowed origins. A node that does
 * not answer gives 503, one that answers with an error 502; both name the RPC (./chain-reads.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  balanceReplySchema,
  FUNGIBLE_PRICE_MAX,
  fungiblePriceBodySchema,
  fungiblePriceReplySchema,
  historyReplySchema,
  nftsReplySchema,
  supportedChainsReplySchema,
} from '../../../src/wire/blockchain-api.js';
import { iconUrls } from '../blockchain/icons.js';
import type { FungiblePrice } from '../blockchain/fungibles.js';
import { chainOfId } from '../chains/index.js';
import type { AccountRead, ServerChain } from '../chains/types.js';
import { HttpError } from '../errors.js';
import { enumParam, stringParam } from '../http/query.js';
import { jsonTextBody } from '../http/validation.js';
import { accountParamsSchema, assetIdSchema, chainIdQuery, chainNode, checkReads, onNode, requestChain } from './chain-reads.js';
import { errorReplies, projectQueryShape } from './schemas.js';

export { rpcFailure } from './chain-reads.js';

/** The balance query: `chainId` of any namespace served. */
const balanceQuerySchema = (chains: readonly ServerChain[]) =>
  z.object({ ...projectQueryShape, currency: enumParam(['usd']), forceUpdate: stringParam(200), chainId: chainIdQuery(chains) });
/**
 * `{address}` of a balance: an address of a namespace served (with a `chainId` of its namespace,
 * or none), or a CAIP-10 account `<chainId>:<address>` of a namespace that takes one; checked by
 * the handler against its chain.
 */
const balanceParamsSchema = accountParamsSchema;
const historyQuerySchema = (chains: readonly ServerChain[]) =>
  z.object({ ...projectQueryShape, cursor: stringParam(64), onramp: stringParam(64), chainId: chainIdQuery(chains) });
const chainQuerySchema = (chains: readonly ServerChain[]) => z.object({ ...projectQueryShape, chainId: chainIdQuery(chains) });
/** POST /v1/fungible/price: the wire's body with asset ids of any namespace served. */
const priceBodySchema = (chains: readonly ServerChain[]) =>
  z.object({
    ...fungiblePriceBodySchema.shape,
    addresses: z
      .array(assetIdSchema(chains))
      .check(
        z.minLength(1, 'must list at least one address'),
        z.maxLength(FUNGIBLE_PRICE_MAX, `must list at most ${FUNGIBLE_PRICE_MAX} addresses per request`),
      ),
  });

/** A CAIP-10 account (`<chainId>:<address>`) of a namespace whose balances take one. */
function caip10Account(address: string, chains: readonly ServerChain[]) {
  const cut = address.lastIndexOf(':');
  if (cut < 0) return undefined;
  const chainId = address.slice(0, cut);
  const chain = chains.find((c) => c.caip10Balances && c.chainIdPattern.test(chainId));
  return chain && { chain, chainId, address: address.slice(cut + 1) };
}

export const blockchainRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chains } = app.blockchain;
  const nodeOf = (namespace: string) => app.blockchain.node(namespace);
  /** Absolute icon URLs from the configured public URL, never from the request's Host or X-Forwarded-Host. */
  const tokenIcon = (request: FastifyRequest) => iconUrls(app.publicUrl(), request.caller!.project.id).token;

  const config = { access: 'allowed-origins' } as const;

  /** The checked account of a read, its namespace's node and chain (`asked`, when given, must be its chain). */
  const account = async (read: AccountRead | 'balances', chain: ServerChain, address: string, asked: string | undefined) => {
    if (read !== 'balances') checkReads(chains, chain, read, asked === undefined ? 'address' : 'chainId');
    if (!chain.address.pattern.test(address))
      throw new HttpError(400, `Invalid path parameter 'address': ${chain.address.rule}`, 'address');
    return { ...(await chainNode(nodeOf, chain, asked)), address: chain.address.normalize(address) };
  };

  /** Balances of an account on the namespace's node. */
  const balancesOn = async (chain: ServerChain, address: string, asked: string | undefined, icon: (id: string) => string) => {
    const { node, chainId, address: normalized } = await account('balances', chain, address, asked);
    return onNode(node, chainId, 'balances', (balances) => balances(chainId, normalized, icon));
  };

  /** Token metadata and prices of asset ids `<chain id>:<token>`, each read by its namespace's node, in the order asked. */
  const tokenPrices = async (ids: readonly string[], icon: (id: string) => string): Promise<FungiblePrice[]> => {
    const groups = new Map<string, { chain: ServerChain; tokens: string[]; at: number[] }>();
    for (const [i, id] of ids.entries()) {
      const field = `addresses.${i}`;
      const cut = id.lastIndexOf(':');
      const asked = id.slice(0, cut);
      const chain = chainOfId(asked, chains)!;
      checkReads(chains, chain, 'tokens', field);
      const token = chain.tokens?.token(id.slice(cut + 1));
      if (token === undefined) throw new HttpError(400, `Invalid body field '${field}': ${chain.tokens?.rule}`, field);
      const group = groups.get(asked) ?? { chain, tokens: [], at: [] };
      groups.set(asked, group);
      group.tokens.push(token);
      group.at.push(i);
    }
    const out: FungiblePrice[] = [];
    for (const [asked, { chain, tokens, at }] of groups) {
      const refusal = () => `Invalid body field 'addresses.${at[0]}': chain '${asked}' is not supported`;
      const { node, chainId } = await chainNode(nodeOf, chain, asked, refusal, `addresses.${at[0]}`);
      const prices = await onNode(node, chainId, 'tokens', (read) => read(chainId, tokens, icon));
      prices.forEach((price, j) => (out[at[j]!] = price));
    }
    return out;
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
        body: priceBodySchema(chains),
        response: { 200: fungiblePriceReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { body } = request;
      if (body.projectId !== undefined && body.projectId !== request.caller!.project.id) {
        throw new HttpError(400, "Invalid body field 'projectId': must be the project of the request", 'projectId');
      }
      return { fungibles: await tokenPrices(body.addresses, tokenIcon(request)) };
    },
  );

  app.get(
    '/v1/account/:address/history',
    {
      config,
      schema: {
        summary: "An account's transactions, newest first, a page at a time",
        params: accountParamsSchema,
        querystring: historyQuerySchema(chains),
        response: { 200: historyReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { address } = request.params;
      const { chainId: asked, cursor } = request.query;
      const { node, chainId, address: normalized } = await account('history', requestChain(chains, address, asked), address, asked);
      return onNode(node, chainId, 'history', (history) => history(chainId, normalized, cursor || undefined, tokenIcon(request)));
    },
  );

  app.get(
    '/v1/account/:address/nfts',
    {
      config,
      schema: {
        summary: 'The NFTs an account holds',
        params: accountParamsSchema,
        querystring: chainQuerySchema(chains),
        response: { 200: nftsReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { address } = request.params;
      const asked = request.query.chainId;
      const { node, chainId, address: normalized } = await account('nfts', requestChain(chains, address, asked), address, asked);
      return { data: await onNode(node, chainId, 'nfts', (nfts) => nfts(chainId, normalized, tokenIcon(request))) };
    },
  );
};
