/**
 * GET /getWallets: the wallet registry, paged and filtered. The hottest read: the repository
 * caches its replies per query (storage/wallets.ts) and this route keeps each one's JSON and
 * ETag with it (serialized-replies.ts), so a repeated query is neither read nor serialized
 * again until the registry changes. A request whose If-None-Match names the current ETag gets
 * a 304 without a body.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { GET_WALLETS_LIMITS, getWalletsReplySchema, type GetWalletsReply } from '../../../src/wire/provider-api.js';
import { enumParam, intParam, listParam, stringParam } from '../http/query.js';
import { serializerCompiler } from '../http/validation.js';
import { errorReplies, projectQueryShape } from './schemas.js';
import { matchesEtag, SerializedReplies } from './serialized-replies.js';

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
  // The same checks and JSON as the route's reply schema would give, once per reply object.
  const replies = new SerializedReplies<GetWalletsReply>(
    serializerCompiler({ schema: getWalletsReplySchema, method: 'GET', url: '/getWallets', httpStatus: '200' }) as (
      r: GetWalletsReply,
    ) => string,
  );
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
    async (request, typed) => {
      const { page, entries, include, exclude, search, badge_type, chains } = request.query;
      const { body, etag } = replies.of(await app.wallets.query({ page, entries, include, exclude, search, badge_type, chains }));
      // The reply goes out as text (or as a 304), not as the object the typed reply expects.
      const reply = typed as FastifyReply;
      reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      // A string with a JSON content type is sent as it is: the serializer ran once, in `replies`.
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
};
