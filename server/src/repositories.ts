/**
 * The data the HTTP routes read and write, one repository per concern (projects, wallets,
 * images, analytics, blockchain), each bound to the database. The `repositories` plugin
 * decorates the Fastify instance with them (through fastify-plugin, so every route plugin
 * sees them): routes call `app.wallets.query(...)`, never SQL or the database handle. The
 * projects repository is the first on the storage seam (storage/, async, either engine); the
 * others still wrap the SQLite handle and move there feature by feature.
 */
import fp from 'fastify-plugin';
import { getIdentity, getProfile, reverseProfiles, type Identity, type Profile } from './blockchain/identities.js';
import type { Indexer } from './blockchain/indexer.js';
import { tablePriceSource, type PriceSource } from './blockchain/prices.js';
import { TokenInfoCache } from './blockchain/token-info-cache.js';
import { SERVER_CHAINS } from './chains/index.js';
import type { ChainNode, ServerChain } from './chains/types.js';
import type { Storage } from './storage/engine.js';
import { evmReadsRepository } from './storage/evm-reads.js';
import { imagesRepository } from './storage/images.js';
import { onrampPayoutsAmong } from './storage/onramp-sessions.js';
import { projectsRepository, type ProjectsRepository } from './storage/projects.js';

export type { ProjectsRepository } from './storage/projects.js';

export interface BlockchainRepository {
  /** The EVM indexer (`--evm-rpc`); without one only identities and profiles answer. */
  readonly indexer: Indexer | undefined;
  /** The namespaces served (server/src/chains), in the registry's order. */
  readonly chains: readonly ServerChain[];
  /** The node of a namespace (its balances and `reads`), when the server was started with one. */
  node(namespace: string): ChainNode | undefined;
  /** The `prices` table as a price source (the on-ramp's default, whatever source the API answers with). */
  readonly priceTable: PriceSource;
  identity(address: string): Promise<Identity>;
  profile(name: string): Promise<Profile | undefined>;
  reverseProfiles(address: string): Promise<Profile[]>;
}

export interface BlockchainOptions {
  /** The indexer of the EVM chain (`--evm-rpc`); without one only identities answer. */
  indexer?: Indexer;
  /** Default: the `prices` table. */
  prices?: PriceSource;
  /** Node URLs by namespace (chainRpcUrls of server/src/chains); a namespace without one gets no balances. */
  rpcUrls?: Readonly<Partial<Record<string, string>>>;
  /** The namespaces served; default: the registry (SERVER_CHAINS). */
  chains?: readonly ServerChain[];
}

export function blockchainRepository(
  storage: Storage,
  { indexer, prices, rpcUrls = {}, chains = SERVER_CHAINS }: BlockchainOptions = {},
): BlockchainRepository {
  const tokenInfo = new TokenInfoCache();
  const nodes = new Map<string, ChainNode>();
  const priceTable = tablePriceSource(storage);
  const settings = {
    index: evmReadsRepository(storage),
    images: imagesRepository(storage),
    prices: prices ?? priceTable,
    purchases: (chainId: string, hashes: readonly string[]) => onrampPayoutsAmong(storage, chainId, hashes),
  };
  for (const chain of chains) {
    const node = chain.node({ ...settings, indexer, rpcUrls, tokenInfo });
    if (node) nodes.set(chain.namespace, node);
  }
  return {
    indexer,
    chains,
    node: (namespace) => nodes.get(namespace),
    priceTable,
    identity: (address) => getIdentity(storage, address),
    profile: (name) => getProfile(storage, name),
    reverseProfiles: (address) => reverseProfiles(storage, address),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The storage seam (engine, full-disk notes for the health check); routes use the repositories. */
    storage: Storage;
    projects: ProjectsRepository;
    blockchain: BlockchainRepository;
  }
}

export interface RepositoriesOptions {
  /** The storage seam (SQLite or Postgres) every repository is on. */
  storage: Storage;
  blockchain?: BlockchainOptions;
}

export const repositories = fp<RepositoriesOptions>(
  async (app, { storage, blockchain }) => {
    app.decorate('storage', storage);
    app.decorate('projects', projectsRepository(storage));
    app.decorate('blockchain', blockchainRepository(storage, blockchain));
  },
  { name: 'w3kit-repositories', fastify: '5.x' },
);
