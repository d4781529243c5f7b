/** GET /getWallets: the wallet registry, paged and filtered. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { GET_WALLETS_LIMITS, getWalletsReplySchema } from '../../../src/wire/provider-api.js';
import { enumParam, intParam, listParam, stringParam } from '../http/query.js';
import { errorReplies, projectQueryShape } from './schemas.js';

export const MAX_PAGE = 1_000_000;
export const MAX_ENTRIES = GET_WALLETS_LIMITS.maxEntries;
export const MAX_ID_LIST = 100;
export const MAX_CHAIN_LIST = 50;
const WALLET_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** A CAIP-2 chain id (`<namespace>:<reference>`) or a bare namespace (any chain of it). */
const CAIP2 = /^[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?$/;

/** The GET /getWallets query: a 400 names the first bad parameter. Unknown parameters are ignored. */
export const walletQuerySchema = z.object({
  ...projectQueryShape,
  page: intParam(1, MAX_PAGE, 1),
  entries: intParam(1, MAX_ENTRIES, GET_WALLETS_LIMITS.defaultEntries),
  include: listParam(WALLET_ID, MAX_ID_LIST, 'wallet ids'),
  exclude: listParam(WALLET_ID, MAX_ID_LIST, 'wallet ids'),
  search: stringParam(GET_WALLETS_LIMITS.searchMax),
  badge_type: enumParam(['certified', 'none']),
  chains: listParam(CAIP2, MAX_CHAIN_LIST, 'CAIP-2 chain ids or namespaces'),
});

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/getWallets',
    {
      config: { access: 'allowed-origins' },
      schema: {
        summary: 'The wallet registry, paged and filtered',
        querystring: walletQuerySchema,
        response: { 200: getWalletsReplySchema, ...errorReplies },
      },
    },
    async (request) => {
      const { page, entries, include, exclude, search, badge_type, chains } = request.query;
      return app.wallets.query({ page, entries, include, exclude, search, badge_type, chains });
    },
  );
};
