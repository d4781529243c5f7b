/**
 * The Blockchain API over the EVM index (see server/src/blockchain): supported chains, balances,
 * fungible prices, history, owned NFTs, identities and name profiles. Every route identifies the project like
 * the Provider API (`projectId`, `st`, `sv`) and answers only the project's allowed origins.
 * A node that does not answer gives 503, one that answers with an error 502; both name the RPC.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod';
import type { Database } from '../db/open.js';
import { addRoute } from '../access.js';
import { HttpError, InputError } from '../errors.js';
import { accountBalances } from '../blockchain/balances.js';
import { EIP155_CHAIN, EVM_ADDRESS, EVM_ADDRESS_RULE, publicRpcUrl } from '../blockchain/chain.js';
import { fungiblePrices } from '../blockchain/fungibles.js';
import { accountHistory } from '../blockchain/history.js';
import { iconUrls } from '../blockchain/icons.js';
import { getIdentity, getProfile, PROFILE_NAME, PROFILE_NAME_RULE, reverseProfiles } from '../blockchain/identities.js';
import type { Indexer } from '../blockchain/indexer.js';
import { ownedNfts } from '../blockchain/nfts.js';
import { tablePriceSource, type PriceSource } from '../blockchain/prices.js';
import { RpcResponseError, RpcUnavailableError } from '../blockchain/rpc.js';
import { enumParam, invalidParam, single, stringParam, type Query } from './params.js';

export interface BlockchainOptions {
  /** The indexer of the EVM chain (`--evm-rpc`); without one only identities answer. */
  indexer?: Indexer;
  /** Default: the `prices` table. */
  prices?: PriceSource;
}

export const FUNGIBLE_PRICE_MAX = 100;
const CAIP10_ASSET = /^(eip155:[1-9][0-9]{0,15}):(native|0x[0-9a-fA-F]{40})$/;
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

const priceBodySchema = z.object({
  projectId: z.string().optional(),
  currency: z.enum(['usd']),
  addresses: z
    .array(z.string().regex(CAIP10_ASSET, 'must be eip155:<chain id>:native or eip155:<chain id>:0x and 40 hex characters'))
    .min(1)
    .max(FUNGIBLE_PRICE_MAX),
});

function pathAddress(request: FastifyRequest): string {
  const { address } = request.params as { address: string };
  if (!EVM_ADDRESS.test(address)) throw new HttpError(400, `Invalid path parameter 'address': ${EVM_ADDRESS_RULE}`, 'address');
  return address.toLowerCase();
}

function pathName(request: FastifyRequest): string {
  const { name } = request.params as { name: string };
  if (!PROFILE_NAME.test(name)) throw new HttpError(400, `Invalid path parameter 'name': ${PROFILE_NAME_RULE}`, 'name');
  return name;
}

/** `apiVersion`: the profile routes answer version 2 only (absent means 2). */
function apiVersionParam(query: Query): void {
  enumParam(query, 'apiVersion', ['2'] as const);
}

function optionalAddress(query: Query, name: string): string | undefined {
  const value = single(query, name);
  if (value === undefined || value === '') return undefined;
  if (!EVM_ADDRESS.test(value)) throw invalidParam(name, EVM_ADDRESS_RULE);
  return value.toLowerCase();
}

function chainParam(query: Query): string | undefined {
  const value = single(query, 'chainId');
  if (value === undefined || value === '') return undefined;
  if (!EIP155_CHAIN.test(value)) throw invalidParam('chainId', 'must be a CAIP-2 EVM chain id such as eip155:31337');
  return value;
}

/** This server's origin as the client reached it (for absolute icon URLs). */
function origin(request: FastifyRequest): string {
  const host = HOST.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

function parseJsonBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    throw new HttpError(400, 'Invalid body: not valid JSON', 'body');
  }
}

export function blockchainRoutes(app: FastifyInstance, db: Database, options: BlockchainOptions = {}): void {
  const { indexer } = options;
  const prices = options.prices ?? tablePriceSource(db);

  /** The indexed chain a request asks for (the indexed one when it names none). */
  const chainOf = (query: Query): { chainId: string; indexer: Indexer } => {
    const asked = chainParam(query);
    if (!indexer) throw new HttpError(503, 'No EVM chain is indexed: start w3kit-server with --evm-rpc URL', 'chainId');
    const chainId = indexer.chainId();
    if (!chainId)
      throw new HttpError(503, `The EVM chain RPC ${publicRpcUrl(indexer.rpcUrl)} has not answered yet`, 'chainId', { 'retry-after': '1' });
    if (asked !== undefined && asked !== chainId)
      throw invalidParam('chainId', `chain '${asked}' is not supported (supported: ${chainId})`);
    return { chainId, indexer };
  };

  const rpcFailure = (err: unknown, chainId: string): unknown => {
    const rpcUrl = publicRpcUrl(indexer?.rpcUrl ?? '');
    if (err instanceof RpcUnavailableError) {
      return new HttpError(503, `The chain RPC of ${chainId} (${rpcUrl}) is not answering: ${err.message}`, undefined, {
        'retry-after': '1',
      });
    }
    if (err instanceof RpcResponseError)
      return new HttpError(502, `The chain RPC of ${chainId} (${rpcUrl}) answered with an error: ${err.message}`);
    if (err instanceof InputError) return new HttpError(400, err.message, err.field);
    return err;
  };

  const icons = (request: FastifyRequest) => iconUrls(origin(request), request.caller!.project.id);

  addRoute(app, db, {
    method: 'GET',
    url: '/v1/supported-chains',
    access: 'allowed-origins',
    handler: async () => {
      const chainId = indexer?.chainId();
      return { http: chainId ? [chainId] : [], ws: [] };
    },
  });

  addRoute(app, db, {
    method: 'GET',
    url: '/v1/account/:address/balance',
    access: 'allowed-origins',
    handler: async (request) => {
      const address = pathAddress(request);
      const query = request.query as Query;
      enumParam(query, 'currency', ['usd'] as const);
      stringParam(query, 'forceUpdate', 200);
      const { chainId, indexer: chain } = chainOf(query);
      try {
        const balances = await accountBalances({ db, rpc: chain.rpc, prices, tokenIcon: icons(request).token }, chainId, address);
        return { balances };
      } catch (err) {
        throw rpcFailure(err, chainId);
      }
    },
  });

  addRoute(app, db, {
    method: 'POST',
    url: '/v1/fungible/price',
    access: 'allowed-origins',
    handler: async (request) => {
      const body = parseJsonBody(request.body);
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new HttpError(400, 'Invalid body: must be a JSON object', 'body');
      const parsed = priceBodySchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        const field = issue.path.map(String).join('.') || 'body';
        throw new HttpError(400, `Invalid body field '${field}': ${issue.message}`, field);
      }
      const project = request.caller!.project.id;
      if (parsed.data.projectId !== undefined && parsed.data.projectId !== project) {
        throw new HttpError(400, "Invalid body field 'projectId': must be the project of the request", 'projectId');
      }
      const assets = parsed.data.addresses.map((a) => {
        const [, chainId, token] = CAIP10_ASSET.exec(a)!;
        return { chainId: chainId!, token: token!.toLowerCase() };
      });
      const chainId = indexer?.chainId();
      try {
        const fungibles = await fungiblePrices({ db, prices, chainId, rpc: indexer?.rpc, tokenIcon: icons(request).token }, assets);
        return { fungibles };
      } catch (err) {
        throw rpcFailure(err, chainId ?? '');
      }
    },
  });

  addRoute(app, db, {
    method: 'GET',
    url: '/v1/account/:address/history',
    access: 'allowed-origins',
    handler: async (request) => {
      const address = pathAddress(request);
      const query = request.query as Query;
      const cursor = stringParam(query, 'cursor', 64);
      stringParam(query, 'onramp', 64);
      const { chainId } = chainOf(query);
      try {
        return await accountHistory({ db, prices, tokenIcon: icons(request).token }, chainId, address, cursor || undefined);
      } catch (err) {
        throw rpcFailure(err, chainId);
      }
    },
  });

  addRoute(app, db, {
    method: 'GET',
    url: '/v1/account/:address/nfts',
    access: 'allowed-origins',
    handler: async (request) => {
      const address = pathAddress(request);
      const { chainId } = chainOf(request.query as Query);
      return { data: ownedNfts(db, chainId, address, icons(request).token) };
    },
  });

  addRoute(app, db, {
    method: 'GET',
    url: '/v1/identity/:address',
    access: 'allowed-origins',
    handler: async (request) => {
      const address = pathAddress(request);
      const query = request.query as Query;
      optionalAddress(query, 'sender');
      chainParam(query);
      return getIdentity(db, address);
    },
  });

  addRoute(app, db, {
    method: 'GET',
    url: '/v1/profile/account/:name',
    access: 'allowed-origins',
    handler: async (request) => {
      const name = pathName(request);
      apiVersionParam(request.query as Query);
      const profile = getProfile(db, name);
      if (!profile) throw new HttpError(404, `No profile named '${name}'`);
      return profile;
    },
  });

  addRoute(app, db, {
    method: 'GET',
    url: '/v1/profile/reverse/:address',
    access: 'allowed-origins',
    handler: async (request) => {
      const address = pathAddress(request);
      const query = request.query as Query;
      apiVersionParam(query);
      optionalAddress(query, 'sender');
      return reverseProfiles(db, address);
    },
  });
}
