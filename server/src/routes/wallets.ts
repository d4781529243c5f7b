/** GET /getWallets: the wallet registry, paged and filtered. */
import type { FastifyInstance } from 'fastify';
import { GET_WALLETS_LIMITS } from '../../../src/wire/provider-api.js';
import type { Database } from '../db/open.js';
import { addRoute } from '../access.js';
import { queryWallets, type WalletQuery } from '../wallets/registry.js';
import { enumParam, intParam, listParam, stringParam, type Query } from './params.js';

export const MAX_PAGE = 1_000_000;
export const MAX_ENTRIES = GET_WALLETS_LIMITS.maxEntries;
export const MAX_ID_LIST = 100;
export const MAX_CHAIN_LIST = 50;
const WALLET_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** A CAIP-2 chain id (`eip155:1`) or a bare namespace (`eip155`: any chain of it). */
const CAIP2 = /^[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?$/;

/** Reads the GET /getWallets query; throws a 400 naming the first bad parameter. Unknown parameters are ignored. */
export function parseWalletQuery(query: Query): WalletQuery {
  return {
    page: intParam(query, 'page', 1, MAX_PAGE, 1),
    entries: intParam(query, 'entries', 1, MAX_ENTRIES, GET_WALLETS_LIMITS.defaultEntries),
    include: listParam(query, 'include', WALLET_ID, MAX_ID_LIST, 'wallet ids'),
    exclude: listParam(query, 'exclude', WALLET_ID, MAX_ID_LIST, 'wallet ids'),
    search: stringParam(query, 'search', GET_WALLETS_LIMITS.searchMax),
    badge_type: enumParam(query, 'badge_type', ['certified', 'none'] as const),
    chains: listParam(query, 'chains', CAIP2, MAX_CHAIN_LIST, 'CAIP-2 chain ids or namespaces'),
  };
}

export function walletRoutes(app: FastifyInstance, db: Database): void {
  addRoute(app, db, {
    method: 'GET',
    url: '/getWallets',
    access: 'allowed-origins',
    handler: async (request) => queryWallets(db, parseWalletQuery(request.query as Query)),
  });
}
