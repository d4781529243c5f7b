/**
 * The fixture backend: the Provider API and Blockchain API replies a state names, answered in
 * the page (env.ts routes every fetch here first), so the gallery works with no backend. A route
 * is the path after the API base (`/getWallets`, `/v1/account/balance`: the account's address
 * left out); its reply is data, LOADING (never answers: the view's loading state) or FAILED
 * (a 501: the view's error state, a server error the API client does not retry (src/api/http.ts
 * RETRY_STATUSES), so the error shows at once and a screenshot of it is stable). Images are files under fixtures/api/ (same origin).
 */
import type { WalletEntry } from '../../src/wire/provider-api.js';
import { setFixtureHandler } from './env.js';

/** The API base the gallery's modal is configured with: fixture images are served below it. */
export const API_URL = `${location.origin}/gallery/fixtures/api`;

export const LOADING = Symbol('loading');
export const FAILED = Symbol('failed');
export type Reply = unknown;
export type Routes = Record<string, Reply>;

/** What every state answers unless it says otherwise. */
const DEFAULTS: Routes = {
  '/appkit/v1/config': { features: {} },
  '/getAnalyticsConfig': { isAnalyticsEnabled: false },
  '/projects/v1/origins': { allowedOrigins: [location.origin] },
  '/v1/supported-chains': { http: ['eip155:1', 'eip155:31337', 'eip155:11155111'], ws: [] },
  '/v1/account/balance': { balances: [] },
  '/v1/account/history': { data: [], next: null },
  '/v1/account/nfts': { data: [] },
  '/v1/identity': { name: null, avatar: null },
  '/v1/fungible/price': { fungibles: [] },
  '/e': {},
  '/v1/convert/gas-price': { standard: '1000000000', fast: '1500000000', instant: '2000000000' },
  '/v1/convert/allowance': { allowance: '0' },
  '/v1/fee-estimates': { slow: 1, normal: 2, fast: 4 },
  // Localhost's JSON-RPC (the gallery's Localhost sends its RPC here): 'rpc:<method>'.
  'rpc:eth_chainId': '0x7a69',
  'rpc:net_version': '31337',
  'rpc:eth_blockNumber': '0x10',
  'rpc:eth_getBalance': '0x112210f4768db400', // 1.23456 ETH
  'rpc:eth_gasPrice': '0x3b9aca00',
  'rpc:eth_maxPriorityFeePerGas': '0x3b9aca00',
  'rpc:eth_estimateGas': '0x5208',
  'rpc:eth_getCode': '0x',
  'rpc:eth_getTransactionCount': '0x3',
  'rpc:eth_call': '0x',
};

/** The RPC URL of the gallery's Localhost. */
export const RPC_URL = `${API_URL}/rpc`;

interface RpcCall {
  id: number;
  method: string;
}

/** Answers one JSON-RPC call (or a batch) from the `rpc:<method>` entries. */
function rpcReply(table: Routes, body: unknown): Promise<Response> {
  const one = ({ id, method }: RpcCall): unknown => {
    const key = `rpc:${method}`;
    if (!Object.hasOwn(table, key)) return { jsonrpc: '2.0', id, error: { code: -32601, message: `gallery: no fixture for ${method}` } };
    if (table[key] === FAILED) return { jsonrpc: '2.0', id, error: { code: -32603, message: 'gallery: failed' } };
    return { jsonrpc: '2.0', id, result: table[key] };
  };
  const calls = (Array.isArray(body) ? body : [body]) as RpcCall[];
  if (calls.some((c) => table[`rpc:${c.method}`] === LOADING)) return new Promise<Response>(() => undefined);
  return Promise.resolve(json(Array.isArray(body) ? calls.map(one) : one(calls[0]!)));
}

const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** `/v1/account/0xabc/balance` -> `/v1/account/balance`; `/v1/identity/0xabc` -> `/v1/identity`. */
function routeOf(path: string): string {
  const account = /^\/v1\/account\/[^/]+\/(.+)$/.exec(path);
  if (account) return `/v1/account/${account[1]}`;
  const keyed = /^(\/v1\/(?:identity|profile\/account|profile\/suggestions|onramp\/purchases))\/[^/]+$/.exec(path);
  return keyed ? keyed[1]! : path;
}

/** One page of `wallets` as GET /getWallets answers it (page, entries, search, include, exclude). */
function walletsPage(wallets: readonly WalletEntry[], query: URLSearchParams): unknown {
  const search = query.get('search')?.toLowerCase();
  const include = query.get('include')?.split(',');
  const exclude = new Set(query.get('exclude')?.split(',') ?? []);
  const matching = wallets.filter(
    (w) => (!search || w.name.toLowerCase().includes(search)) && (!include || include.includes(w.id)) && !exclude.has(w.id),
  );
  const page = Number(query.get('page') ?? 1);
  const entries = Number(query.get('entries') ?? 40);
  return { count: matching.length, data: matching.slice((page - 1) * entries, page * entries) };
}

/** Answers the API base's requests from `routes` (over the defaults) and `wallets`. */
export function installFixtureApi(routes: Routes, wallets: readonly WalletEntry[]): void {
  const table: Routes = { ...DEFAULTS, '/getWallets': wallets, ...routes };
  setFixtureHandler((url, init) => {
    const base = new URL(API_URL);
    if (url.origin !== base.origin || !url.pathname.startsWith(`${base.pathname}/`)) return undefined;
    const route = routeOf(url.pathname.slice(base.pathname.length));
    if (route.startsWith('/getWalletImage') || route.startsWith('/public/')) return undefined; // files
    if (route === '/rpc') return rpcReply(table, JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
    if (!Object.hasOwn(table, route)) return Promise.resolve(json({ error: `gallery: no fixture for ${route}` }, 404));
    const reply = table[route];
    if (reply === LOADING) return new Promise<Response>(() => undefined);
    if (reply === FAILED) return Promise.resolve(json({ error: 'Not implemented' }, 501));
    if (route === '/getWallets' && Array.isArray(reply))
      return Promise.resolve(json(walletsPage(reply as WalletEntry[], url.searchParams)));
    return Promise.resolve(json(reply));
  });
}
