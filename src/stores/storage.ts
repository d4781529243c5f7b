import * as z from 'zod/mini';
import { NAMESPACES } from '../core/caip.js';
import { SOCIAL_PROVIDERS } from '../core/options.js';

/**
 * A typed wrapper over localStorage for every key the spec lists (section 3, "Stored locally").
 * Values are JSON; a value that does not parse or does not match its schema is removed and read
 * as absent, never thrown. Storage that is missing or refuses access (SSR, private mode, quota)
 * reads as empty and writes are dropped.
 */
const namespace = z.enum(NAMESPACES);
const connection = z.object({
  connectorId: z.string(),
  namespace,
  accounts: z.array(z.object({ address: z.string(), type: z.enum(['eoa', 'smartAccount', 'payment']) })),
  recent: z.optional(z.boolean()),
  name: z.optional(z.string()),
  auth: z.optional(z.object({ name: z.string(), username: z.optional(z.string()) })),
});
const recentWallet = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.optional(z.string()),
  rdns: z.optional(z.string()),
  /** Connected over WalletConnect (a registry wallet id), not through a connector. */
  walletConnect: z.optional(z.boolean()),
});

export const STORAGE_SCHEMAS = {
  recentWallets: z.array(recentWallet),
  deepLinkChoice: z.object({ href: z.string(), name: z.string() }),
  activeNamespace: namespace,
  activeNetworks: z.partialRecord(namespace, z.string()),
  connectedNamespaces: z.array(namespace),
  connectionStatus: z.enum(['disconnected', 'connecting', 'connected']),
  preferredAccountTypes: z.partialRecord(namespace, z.enum(['eoa', 'smartAccount', 'payment'])),
  connections: z.partialRecord(namespace, z.array(connection)),
  connectedConnectorIds: z.partialRecord(namespace, z.string()),
  disconnectedConnectorIds: z.partialRecord(namespace, z.array(z.string())),
  socialProvider: z.enum([...SOCIAL_PROVIDERS]),
  emailLoginUsed: z.boolean(),
  email: z.string(),
  lastUsedChain: z.string(),
  lastEmailLoginTime: z.number(),
  socialUsername: z.string(),
  smartAccountEnabledNetworks: z.string().check(z.regex(/^(\d+(,\d+)*)?$/)),
} as const;

export type StorageKey = keyof typeof STORAGE_SCHEMAS;
export type StorageValue<K extends StorageKey> = z.infer<(typeof STORAGE_SCHEMAS)[K]>;
export type StoredConnection = z.infer<typeof connection>;

export const STORAGE_PREFIX = '@w3kit/';

function backend(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export const storage = {
  get<K extends StorageKey>(key: K): StorageValue<K> | undefined {
    const store = backend();
    let raw: string | null = null;
    try {
      raw = store?.getItem(STORAGE_PREFIX + key) ?? null;
    } catch {
      return undefined;
    }
    if (raw === null) return undefined;
    try {
      const result = STORAGE_SCHEMAS[key].safeParse(JSON.parse(raw));
      if (result.success) return result.data as StorageValue<K>;
    } catch {
      // not JSON: fall through and remove it
    }
    this.remove(key);
    return undefined;
  },

  set<K extends StorageKey>(key: K, value: StorageValue<K>): void {
    const result = STORAGE_SCHEMAS[key].safeParse(value);
    if (!result.success) throw new TypeError(`storage: value for "${key}" does not match its schema`);
    try {
      backend()?.setItem(STORAGE_PREFIX + key, JSON.stringify(result.data));
    } catch {
      // quota or access refused: the value simply is not persisted
    }
  },

  remove(key: StorageKey): void {
    try {
      backend()?.removeItem(STORAGE_PREFIX + key);
    } catch {
      // ignore
    }
  },

  /** Removes every w3kit key, e.g. on a full reset. */
  clear(): void {
    for (const key of Object.keys(STORAGE_SCHEMAS) as StorageKey[]) this.remove(key);
  },
};
