/**
 * The Blockchain API's swap routes (spec section 7), over the DEX `w3kit-server dex deploy`
 * recorded for the chain the backend reads (`--evm-rpc`): GET /v1/convert/tokens, quotes,
 * allowance, gas-price and build-approve, POST /v1/convert/build-transaction. Tokens are
 * CAIP-10 ids, amounts base-unit decimal strings. A chain without a recorded DEX (or not the
 * backend's chain) is 'Network not supported for Swaps' ('... for Gas Price'); a failing node
 * is a 502 naming the RPC; every read happens at request time (nothing cached).
 */
import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAddress, hexToNumber, type Address, type Hex } from 'viem';
import * as z from 'zod';
import {
  BASE_UNITS,
  BASE_UNITS_RULE,
  buildSwapBodySchema,
  EVM_CAIP10,
  EVM_CAIP10_RULE,
  gasPriceReplySchema,
  SLIPPAGE_MAX,
  swapAllowanceReplySchema,
  swapQuotesReplySchema,
  swapTokensReplySchema,
  swapTransactionReplySchema,
} from '../../../src/wire/convert-api.js';
import { publicRpcUrl } from '../blockchain/rpc.js';
import { caipChainId, EIP155_CHAIN, EIP155_CHAIN_FORM } from '../chains/eip155/chain.js';
import { iconUrls } from '../blockchain/icons.js';
import { RpcResponseError, RpcUnavailableError, type RpcClient } from '../blockchain/rpc.js';
import { quoteSwap } from '../dex/quote.js';
import type { DexRecord, DexRepository } from '../dex/store.js';
import { chainOfId, swapSide, swapTokens } from '../dex/tokens.js';
import { buildApprove, buildSwap, gasPrices, routerAllowance, slippageBasisPoints } from '../dex/transactions.js';
import { HttpError, InputError } from '../errors.js';
import { jsonTextBody } from '../http/validation.js';
import { errorReplies, projectQueryShape } from './schemas.js';

export const SWAPS_UNSUPPORTED = 'Network not supported for Swaps';
export const GAS_PRICE_UNSUPPORTED = 'Network not supported for Gas Price';

/** A required query parameter matching `pattern`. */
const required = (pattern: RegExp, rule: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? 'is required' : Array.isArray(issue.input) ? 'must be given once' : 'must be a string',
    })
    .regex(pattern, rule);
const caip10Param = () => required(EVM_CAIP10, EVM_CAIP10_RULE);
const amountParam = () => required(BASE_UNITS, BASE_UNITS_RULE).refine((v) => !BASE_UNITS.test(v) || BigInt(v) > 0n, 'must be more than 0');
const chainParam = () => required(EIP155_CHAIN, `must be ${EIP155_CHAIN_FORM}`);

const quotesQuerySchema = z.object({
  ...projectQueryShape,
  amount: amountParam(),
  userAddress: caip10Param(),
  from: caip10Param(),
  to: caip10Param(),
  gasPrice: required(BASE_UNITS, BASE_UNITS_RULE).optional(),
});
const approveQuerySchema = z.object({ ...projectQueryShape, userAddress: caip10Param(), from: caip10Param(), to: caip10Param() });
const allowanceQuerySchema = z.object({ ...projectQueryShape, tokenAddress: caip10Param(), userAddress: caip10Param() });
const chainQuerySchema = z.object({ ...projectQueryShape, chainId: chainParam() });

const addressOf = (caip10: string) => getAddress(caip10.split(':')[2]!) as Address;

/** The ids of a request must all be on the chain of `from` (or of the first one). */
function sameChain(ids: Record<string, string>): number {
  const entries = Object.entries(ids);
  const [firstField, firstId] = entries[0]!;
  const chainId = chainOfId(firstId);
  for (const [field, id] of entries.slice(1)) {
    if (chainOfId(id) !== chainId)
      throw new HttpError(
        400,
        `Invalid query parameter '${field}': '${id}' is not on ${caipChainId(chainId)}, the chain of '${firstField}'`,
        field,
      );
  }
  return chainId;
}

export interface ConvertRoutesOptions {
  /** Default the `app.dex` decorator. */
  dex?: DexRepository;
}

export const convertRoutes: FastifyPluginAsyncZod<ConvertRoutesOptions> = async (app, options) => {
  const dex = options.dex ?? app.dex;
  const config = { access: 'allowed-origins' } as const;
  const rpcOf = (): RpcClient | undefined => app.blockchain.indexer?.rpc;

  app.setErrorHandler(async (err: FastifyError) => {
    const rpc = rpcOf();
    if (err instanceof RpcUnavailableError || err instanceof RpcResponseError) {
      const what = err instanceof RpcUnavailableError ? 'is not answering' : 'answered with an error';
      throw new HttpError(502, `The chain RPC (${publicRpcUrl(rpc?.url ?? '')}) ${what}: ${err.message}`);
    }
    if (err instanceof InputError) throw new HttpError(400, err.message, err.field);
    throw err;
  });

  /** The backend's chain id (the indexer's, else asked from the node). */
  const backendChain = async (rpc: RpcClient): Promise<number> => {
    const known = app.blockchain.indexer?.chainId();
    if (known) return Number(known.split(':')[1]);
    return hexToNumber(await rpc.request<Hex>('eth_chainId'));
  };

  /** The DEX and RPC of a chain the backend serves swaps for; otherwise a 400 with `message`. */
  const dexOf = async (chainId: number, field: string, message = SWAPS_UNSUPPORTED): Promise<{ record: DexRecord; rpc: RpcClient }> => {
    const rpc = rpcOf();
    const record = await dex.get(chainId);
    if (!rpc || !record || (await backendChain(rpc)) !== chainId) throw new HttpError(400, message, field);
    return { record, rpc };
  };

  const icon = (request: FastifyRequest) => iconUrls(app.publicUrl(), request.caller!.project.id).token;

  app.get(
    '/v1/convert/tokens',
    {
      config,
      schema: {
        summary: 'The tokens the chain’s DEX trades, native coin first',
        querystring: chainQuerySchema,
        response: { 200: swapTokensReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { record } = await dexOf(Number(request.query.chainId.split(':')[1]), 'chainId');
      return { tokens: swapTokens(record, icon(request)) };
    },
  );

  app.get(
    '/v1/convert/quotes',
    {
      config,
      schema: {
        summary: 'What an amount of one token gives in another now (the router’s getAmountsOut)',
        querystring: quotesQuerySchema,
        response: { 200: swapQuotesReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { amount, from, to, userAddress } = request.query;
      const { record, rpc } = await dexOf(sameChain({ from, to, userAddress }), 'from');
      const [fromSide, toSide] = [swapSide(record, from, 'from'), swapSide(record, to, 'to')];
      if (fromSide.id === toSide.id) throw new HttpError(400, "Invalid query parameter 'to': must not be the token of 'from'", 'to');
      const quote = await quoteSwap(rpc, record, fromSide, toSide, BigInt(amount));
      const route = quote.path.map((a, i) =>
        i === 0 ? fromSide.id : i === quote.path.length - 1 ? toSide.id : `${caipChainId(record.chainId)}:${a}`,
      );
      return {
        quotes: [
          {
            id: null,
            fromAmount: amount,
            fromAccount: fromSide.id,
            toAmount: String(quote.toAmount),
            toAccount: toSide.id,
            priceImpact: quote.priceImpact,
            route,
          },
        ],
      };
    },
  );

  app.get(
    '/v1/convert/allowance',
    {
      config,
      schema: {
        summary: 'What the DEX’s router may spend of a token of the user',
        querystring: allowanceQuerySchema,
        response: { 200: swapAllowanceReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { tokenAddress, userAddress } = request.query;
      const { record, rpc } = await dexOf(sameChain({ tokenAddress, userAddress }), 'tokenAddress');
      const token = swapSide(record, tokenAddress, 'tokenAddress');
      return { allowance: String(await routerAllowance(rpc, record, token, addressOf(userAddress))) };
    },
  );

  app.get(
    '/v1/convert/gas-price',
    {
      config,
      schema: {
        summary: 'Gas prices in wei (standard, fast, instant)',
        querystring: chainQuerySchema,
        response: { 200: gasPriceReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { rpc } = await dexOf(Number(request.query.chainId.split(':')[1]), 'chainId', GAS_PRICE_UNSUPPORTED);
      return gasPrices(rpc);
    },
  );

  app.post(
    '/v1/convert/build-transaction',
    {
      config,
      preValidation: jsonTextBody,
      schema: {
        summary: 'The router call of a swap, for the wallet to send as it is',
        querystring: z.object(projectQueryShape),
        body: buildSwapBodySchema,
        response: { 200: swapTransactionReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { body } = request;
      if (body.projectId !== undefined && body.projectId !== request.caller!.project.id)
        throw new HttpError(400, "Invalid body field 'projectId': must be the project of the request", 'projectId');
      if (BigInt(body.amount) === 0n) throw new HttpError(400, "Invalid body field 'amount': must be more than 0", 'amount');
      const bps = slippageBasisPoints(body.eip155.slippage);
      if (bps === 0n || bps > BigInt(SLIPPAGE_MAX * 100))
        throw new HttpError(
          400,
          `Invalid body field 'eip155.slippage': must be a percentage above 0 and at most ${SLIPPAGE_MAX}`,
          'eip155.slippage',
        );
      const chainId = chainOfId(body.from);
      for (const field of ['to', 'userAddress'] as const) {
        if (chainOfId(body[field]) !== chainId)
          throw new HttpError(
            400,
            `Invalid body field '${field}': '${body[field]}' is not on ${caipChainId(chainId)}, the chain of 'from'`,
            field,
          );
      }
      const { record, rpc } = await dexOf(chainId, 'from');
      const [from, to] = [swapSide(record, body.from, 'from'), swapSide(record, body.to, 'to')];
      if (from.id === to.id) throw new HttpError(400, "Invalid body field 'to': must not be the token of 'from'", 'to');
      const { tx } = await buildSwap(rpc, record, {
        from,
        to,
        amount: BigInt(body.amount),
        slippage: body.eip155.slippage,
        user: addressOf(body.userAddress),
        disableEstimate: body.disableEstimate ?? false,
      });
      return { tx };
    },
  );

  app.get(
    '/v1/convert/build-approve',
    {
      config,
      schema: {
        summary: 'The approval of the DEX’s router for the maximum of a token (sent once)',
        querystring: approveQuerySchema,
        response: { 200: swapTransactionReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { from, to, userAddress } = request.query;
      const { record, rpc } = await dexOf(sameChain({ from, to, userAddress }), 'from');
      const [fromSide, toSide] = [swapSide(record, from, 'from'), swapSide(record, to, 'to')];
      if (fromSide.id === toSide.id) throw new HttpError(400, "Invalid query parameter 'to': must not be the token of 'from'", 'to');
      return { tx: await buildApprove(rpc, record, fromSide, addressOf(userAddress)) };
    },
  );
};
