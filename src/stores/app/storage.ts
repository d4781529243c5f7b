import { isNamespace, type ChainNamespace } from '../../core/caip.js';
import { ACCOUNT_TYPES, SOCIAL_PROVIDERS } from '../../core/options.js';
import {
  array,
  boolean,
  custom,
  number,
  object,
  oneOf,
  optional,
  partialRecord,
  regex,
  safeParse,
  string,
  type Infer,
} from '../../core/schema.js';

/**
 * A typed wrapper over localStorage for every key the spec lists (section 3, "Stored locally").
 * Values are JSON; a value that does not parse or does not match its schema is removed and read
 * as absent, never thrown. Storage that is missing or refuses access (SSR, private mode, quota)
 * reads as empty and writes are dropped. The schemas use ../core/schema.js (zod's rules without
 * its runtime), as these reads happen in the first chunk.
 */
const namespace = custom<ChainNamespace>(isNamespace);
const connection = object({
  connectorId: string(),
  namespace,
  accounts: array(object({ address: string(), type: oneOf(ACCOUNT_TYPES) })),
  recent: optional(boolean()),
  name: optional(string()),
  auth: optional(object({ name: string(), username: optional(string()) })),
});
const recentWallet = object({
  id: string(),
  name: string(),
  imageUrl: optional(string()),
  rdns: optional(string()),
  /** Connected over WalletConnect (a registry wallet id), not through a connector. */
  walletConnect: optional(boolean()),
});

export const STORAGE_SCHEMAS = {
  recentWallets: array(recentWallet),
  deepLinkChoice: object({ href: string(), name: string() }),
  activeNamespace: namespace,
  activeNetworks: partialRecord(isNamespace, string()),
  connectedNamespaces: array(namespace),
  connectionStatus: oneOf(['disconnected', 'connecting', 'connected']),
  preferredAccountTypes: partialRecord(isNamespace, oneOf(ACCOUNT_TYPES)),
  connections: partialRecord(isNamespace, array(connection)),
  connectedConnectorIds: partialRecord(isNamespace, string()),
  disconnectedConnectorIds: partialRecord(isNamespace, array(string())),
  socialProvider: oneOf([...SOCIAL_PROVIDERS]),
  emailLoginUsed: boolean(),
  email: string(),
  lastUsedChain: string(),
  lastEmailLoginTime: number(),
  socialUsername: string(),
  smartAccountEnabledNetworks: string().check(regex(/^(\d+(,\d+)*)?$/)),
} as const;

export type StorageKey = keyof typeof STORAGE_SCHEMAS;
export type StorageValue<K extends StorageKey> = Infer<(typeof STORAGE_SCHEMAS)[K]>;
export type StoredConnection = Infer<typeof connection>;

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
      const result = safeParse(STORAGE_SCHEMAS[key], JSON.parse(raw));
      if (result.success) return result.data as StorageValue<K>;
    } catch {
      // not JSON: fall through and remove it
    }
    this.remove(key);
    return undefined;
  },

  set<K extends StorageKey>(key: K, value: StorageValue<K>): void {
    const result = safeParse(STORAGE_SCHEMAS[key], value);
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
