import { assertChainId, isNamespace, referencesAreChainIds, type ChainNamespace } from './caip.js';
import { DEFAULT_SOCIALS } from './constants.js';
import { W3ConfigError, W3Error } from './errors.js';
import {
  array,
  boolean,
  custom,
  looseObject,
  minLength,
  number,
  object,
  oneOf,
  optional,
  partialRecord,
  record,
  refine,
  safeParse,
  string,
  union,
  type Issue,
} from './schema.js';
import type { Network } from '../wire/networks.js';
import { SIWE_FUNCTIONS, SIWX_FUNCTIONS, type SIWEConfig, type SIWXConfig } from './siwx.js';

export const SOCIAL_PROVIDERS = DEFAULT_SOCIALS;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export type ConnectMethod = 'email' | 'social' | 'wallet';
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send';
export type ConnectorTypeOrderItem = 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended';
export type ThemeMode = 'light' | 'dark';
/** Spec 3's account types: eoa, smartAccount, payment (bitcoin). */
export const ACCOUNT_TYPES = ['eoa', 'smartAccount', 'payment'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

// The options are checked with ./schema.js, not zod, so zod's runtime stays out of the first
// chunk (DESIGN.md, "Budgets"); the rules, paths and messages are the ones the zod schema had.
const url = string().check(
  refine((value) => {
    try {
      const { protocol } = new URL(value);
      return ['http:', 'https:', 'ws:', 'wss:'].includes(protocol);
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) or ws(s) URL'),
);
const nonEmpty = string().check(minLength(1));
const ids = array(nonEmpty);
const order = <T extends string>(values: readonly T[]) =>
  array(oneOf(values)).check(refine((list) => new Set(list).size === list.length, 'must not repeat an entry'));
const stringKey = (key: PropertyKey): boolean => typeof key === 'string';
const anyObject = looseObject({});

const rpcUrlSet = object({ http: array(url), webSocket: optional(array(url)) });

export const networkSchema = object({
  id: union(number(), nonEmpty),
  caipNetworkId: string(),
  chainNamespace: custom<ChainNamespace>(isNamespace),
  name: nonEmpty,
  nativeCurrency: object({
    name: string(),
    symbol: nonEmpty,
    // An integer from 0 to 36.
    decimals: number().check(refine((d) => Number.isInteger(d) && d >= 0 && d <= 36)),
  }),
  rpcUrls: record(stringKey, rpcUrlSet).check(
    refine((r) => Array.isArray(r['default']?.http) && r['default'].http.length > 0, 'needs rpcUrls.default.http'),
  ),
  blockExplorers: optional(record(stringKey, object({ name: string(), url }))),
  testnet: optional(boolean()),
  iconUrl: optional(string()),
  imageUrl: optional(string()),
  icon: optional(string()),
}).check(refine((n) => n.caipNetworkId === `${n.chainNamespace}:${n.id}`, 'caipNetworkId must be chainNamespace:id', ['caipNetworkId']));

/** Keys are --w3-* custom property names (a bad key fails at that key with 'Invalid input'). */
export const themeVariablesSchema = record((key) => typeof key === 'string' && /^--w3-[a-z0-9-]+$/.test(key), union(string(), number()));

/** An object with these functions (names space-separated); the issue lists them all. */
const withFunctions = <T>(names: string) =>
  custom<T>(
    (v) => typeof v === 'object' && v !== null && names.split(' ').every((n) => typeof (v as Record<string, unknown>)[n] === 'function'),
    `needs the functions ${names.replaceAll(' ', ', ')}`,
  );

const optionsSchema = object({
  networks: array(anyObject).check(minLength(1, 'needs at least one network')),
  defaultNetwork: optional(anyObject),
  projectId: optional(string().check(minLength(1, 'must be a non-empty string'))),
  apiUrl: optional(url),
  blockchainApiUrl: optional(url),
  relayUrl: optional(url),
  secureSiteUrl: optional(url),
  metadata: optional(
    object({
      name: string(),
      description: optional(string()),
      url: optional(string()),
      icons: optional(array(string())),
    }),
  ),
  features: optional(
    object({
      email: optional(boolean()),
      socials: optional(union(oneOf([false]), array(oneOf(SOCIAL_PROVIDERS)))),
      swaps: optional(boolean()),
      onramp: optional(boolean()),
      send: optional(boolean()),
      receive: optional(boolean()),
      history: optional(boolean()),
      analytics: optional(boolean()),
      connectMethodsOrder: optional(order<ConnectMethod>(['email', 'social', 'wallet'])),
      walletFeaturesOrder: optional(order<WalletFeature>(['onramp', 'swaps', 'receive', 'send'])),
      connectorTypeOrder: optional(
        order<ConnectorTypeOrderItem>(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended']),
      ),
    }),
  ),
  themeMode: optional(oneOf(['light', 'dark'])),
  locale: optional(string()),
  themeVariables: optional(themeVariablesSchema),
  featuredWalletIds: optional(ids),
  includeWalletIds: optional(ids),
  excludeWalletIds: optional(ids),
  defaultAccountTypes: optional(partialRecord<ChainNamespace, AccountType>(isNamespace, oneOf(ACCOUNT_TYPES))),
  siwx: optional(withFunctions<SIWXConfig>(SIWX_FUNCTIONS)),
  siweConfig: optional(withFunctions<SIWEConfig>(SIWE_FUNCTIONS)),
  adapters: optional(array(withFunctions<W3AdapterOption>('attach'))),
  connectors: optional(
    array(
      looseObject({
        id: nonEmpty,
        name: nonEmpty,
        imageUrl: optional(string()),
        provider: custom<object>(
          (p) => typeof p === 'object' && p !== null && typeof (p as { request?: unknown }).request === 'function',
          'needs an EIP-1193 provider',
        ),
      }),
    ),
  ),
});

/**
 * An adapter as the options take it; its `attach` receives the instance API (the precise type is
 * `W3ModalAdapter` in instance.ts, above this layer).
 */
export interface W3AdapterOption {
  attach(modal: never): () => void;
}

export interface W3Features {
  email?: boolean;
  socials?: false | SocialProvider[];
  swaps?: boolean;
  onramp?: boolean;
  send?: boolean;
  receive?: boolean;
  history?: boolean;
  analytics?: boolean;
  connectMethodsOrder?: ConnectMethod[];
  walletFeaturesOrder?: WalletFeature[];
  connectorTypeOrder?: ConnectorTypeOrderItem[];
}

export interface W3Metadata {
  name: string;
  description?: string;
  url?: string;
  icons?: string[];
}

/** Options of createW3Modal (DESIGN.md). */
export interface W3ModalOptions {
  networks: readonly Network[];
  defaultNetwork?: Network;
  projectId?: string;
  apiUrl?: string;
  blockchainApiUrl?: string;
  relayUrl?: string;
  secureSiteUrl?: string;
  metadata?: W3Metadata;
  features?: W3Features;
  themeMode?: ThemeMode;
  /** A BCP 47 tag (`de`, `pt-BR`); unset follows the page's `lang`, then the browser's languages. An unknown one warns and falls back. */
  locale?: string;
  themeVariables?: Record<string, string | number>;
  featuredWalletIds?: string[];
  includeWalletIds?: string[];
  excludeWalletIds?: string[];
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>;
  /** Sign in with X (CAIP-122): sessions per account and chain (src/core/siwx.ts; ready-made ones in `w3kit/siwx`). */
  siwx?: SIWXConfig;
  /** The legacy sign-in with Ethereum (eip155 only), adapted to `siwx`; setting both throws. */
  siweConfig?: SIWEConfig;
  /**
   * Libraries bound to the modal's connection (`new W3WagmiAdapter({ networks })` from
   * `w3kit/wagmi`): each is attached once, to the instance, after the options apply.
   */
  adapters?: W3AdapterOption[];
  /** Wallets the page brings itself (EXTERNAL connectors): an id, a name and an EIP-1193 provider. */
  connectors?: {
    id: string;
    name: string;
    imageUrl?: string;
    provider: { request(args: { method: string; params?: unknown }): Promise<unknown> };
  }[];
}

function configError(issue: Issue, prefix: PropertyKey[] = []): W3ConfigError {
  const path = [...prefix, ...issue.path].map(String).join('.') || 'options';
  return new W3ConfigError(path, issue.message);
}

/** Validates one network object; throws W3ConfigError naming the field, 'Invalid chainId' for ids >= 2^31. */
export function parseNetwork(value: unknown, path: PropertyKey[] = ['network']): Network {
  const result = safeParse(networkSchema, value);
  if (!result.success) throw configError(result.issue, path);
  if (referencesAreChainIds(result.data.chainNamespace)) {
    try {
      assertChainId(result.data.id);
    } catch (err) {
      throw new W3ConfigError([...path, 'id'].map(String).join('.'), (err as W3Error).shortMessage);
    }
  }
  return result.data as unknown as Network;
}

/** Validates createW3Modal options; a bad option throws W3ConfigError naming it. */
export function parseOptions(value: unknown): W3ModalOptions {
  if (typeof value !== 'object' || value === null) throw new W3ConfigError('options', 'expected an object');
  const result = safeParse(optionsSchema, value);
  if (!result.success) throw configError(result.issue);
  const data = result.data;
  if (data.siwx && data.siweConfig) {
    throw new W3ConfigError('siwx', 'set either siwx or siweConfig, not both');
  }
  const parsedNetworks = data.networks.map((n, i) => parseNetwork(n, ['networks', i]));
  const seen = new Set<string>();
  for (const [i, n] of parsedNetworks.entries()) {
    if (seen.has(n.caipNetworkId)) throw new W3ConfigError(`networks.${i}`, `duplicate network ${n.caipNetworkId}`);
    seen.add(n.caipNetworkId);
  }
  let defaultNetwork: Network | undefined;
  if (data.defaultNetwork) {
    defaultNetwork = parseNetwork(data.defaultNetwork, ['defaultNetwork']);
    if (!seen.has(defaultNetwork.caipNetworkId)) {
      throw new W3ConfigError('defaultNetwork', 'must be one of the configured networks');
    }
  }
  return { ...(data as unknown as W3ModalOptions), networks: parsedNetworks, ...(defaultNetwork ? { defaultNetwork } : {}) };
}
