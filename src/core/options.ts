import * as z from 'zod/mini';
import { NAMESPACES, assertChainId } from './caip.js';
import { DEFAULT_SOCIALS } from './constants.js';
import { W3ConfigError, W3Error } from './errors.js';
import type { Network } from '../wire/networks.js';

export const SOCIAL_PROVIDERS = DEFAULT_SOCIALS;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export type ConnectMethod = 'email' | 'social' | 'wallet';
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send';
export type ConnectorTypeOrderItem = 'walletConnect' | 'recent' | 'injected' | 'featured' | 'custom' | 'external' | 'recommended';
export type ThemeMode = 'light' | 'dark';
export type AccountType = 'eoa' | 'smartAccount' | 'payment';

const url = z.string().check(
  z.refine((value) => {
    try {
      const { protocol } = new URL(value);
      return ['http:', 'https:', 'ws:', 'wss:'].includes(protocol);
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) or ws(s) URL'),
);
const ids = z.array(z.string().check(z.minLength(1)));
const order = <T extends string>(values: readonly T[]) =>
  z.array(z.enum(values as [T, ...T[]])).check(z.refine((list) => new Set(list).size === list.length, 'must not repeat an entry'));

const rpcUrlSet = z.object({ http: z.array(url), webSocket: z.optional(z.array(url)) });

export const networkSchema = z
  .object({
    id: z.union([z.number(), z.string().check(z.minLength(1))]),
    caipNetworkId: z.string(),
    chainNamespace: z.enum(NAMESPACES),
    name: z.string().check(z.minLength(1)),
    nativeCurrency: z.object({
      name: z.string(),
      symbol: z.string().check(z.minLength(1)),
      decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
    }),
    rpcUrls: z
      .record(z.string(), rpcUrlSet)
      .check(z.refine((r) => Array.isArray(r['default']?.http) && r['default'].http.length > 0, 'needs rpcUrls.default.http')),
    blockExplorers: z.optional(z.record(z.string(), z.object({ name: z.string(), url }))),
    testnet: z.optional(z.boolean()),
    iconUrl: z.optional(z.string()),
  })
  .check(
    z.refine((n) => n.caipNetworkId === `${n.chainNamespace}:${n.id}`, {
      message: 'caipNetworkId must be chainNamespace:id',
      path: ['caipNetworkId'],
    }),
  );

export const themeVariablesSchema = z.record(
  z.string().check(z.regex(/^--w3-[a-z0-9-]+$/, 'keys are --w3-* custom property names')),
  z.union([z.string(), z.number()]),
);

const optionsSchema = z.object({
  networks: z.array(z.looseObject({})).check(z.minLength(1, 'needs at least one network')),
  defaultNetwork: z.optional(z.looseObject({})),
  projectId: z.optional(z.string().check(z.minLength(1, 'must be a non-empty string'))),
  apiUrl: z.optional(url),
  blockchainApiUrl: z.optional(url),
  relayUrl: z.optional(url),
  secureSiteUrl: z.optional(url),
  metadata: z.optional(
    z.object({
      name: z.string(),
      description: z.optional(z.string()),
      url: z.optional(z.string()),
      icons: z.optional(z.array(z.string())),
    }),
  ),
  features: z.optional(
    z.object({
      email: z.optional(z.boolean()),
      socials: z.optional(z.union([z.literal(false), z.array(z.enum(SOCIAL_PROVIDERS))])),
      swaps: z.optional(z.boolean()),
      onramp: z.optional(z.boolean()),
      send: z.optional(z.boolean()),
      receive: z.optional(z.boolean()),
      history: z.optional(z.boolean()),
      analytics: z.optional(z.boolean()),
      connectMethodsOrder: z.optional(order<ConnectMethod>(['email', 'social', 'wallet'])),
      walletFeaturesOrder: z.optional(order<WalletFeature>(['onramp', 'swaps', 'receive', 'send'])),
      connectorTypeOrder: z.optional(
        order<ConnectorTypeOrderItem>(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended']),
      ),
    }),
  ),
  themeMode: z.optional(z.enum(['light', 'dark'])),
  themeVariables: z.optional(themeVariablesSchema),
  featuredWalletIds: z.optional(ids),
  includeWalletIds: z.optional(ids),
  excludeWalletIds: z.optional(ids),
  defaultAccountTypes: z.optional(z.partialRecord(z.enum(NAMESPACES), z.enum(['eoa', 'smartAccount', 'payment']))),
  siwx: z.optional(z.looseObject({})),
  siweConfig: z.optional(z.looseObject({})),
  connectors: z.optional(
    z.array(
      z.looseObject({
        id: z.string().check(z.minLength(1)),
        name: z.string().check(z.minLength(1)),
        imageUrl: z.optional(z.string()),
        provider: z.custom<object>(
          (p) => typeof p === 'object' && p !== null && typeof (p as { request?: unknown }).request === 'function',
          'needs an EIP-1193 provider',
        ),
      }),
    ),
  ),
});

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
  themeVariables?: Record<string, string | number>;
  featuredWalletIds?: string[];
  includeWalletIds?: string[];
  excludeWalletIds?: string[];
  defaultAccountTypes?: Partial<Record<(typeof NAMESPACES)[number], AccountType>>;
  /** Sign-in-with-wallet configuration (comes with the SIWX issue). */
  siwx?: Record<string, unknown>;
  /** Legacy name of `siwx`; setting both throws. */
  siweConfig?: Record<string, unknown>;
  /** Wallets the page brings itself (EXTERNAL connectors): an id, a name and an EIP-1193 provider. */
  connectors?: {
    id: string;
    name: string;
    imageUrl?: string;
    provider: { request(args: { method: string; params?: unknown }): Promise<unknown> };
  }[];
}

function configError(issue: { path: PropertyKey[]; message: string } | undefined, prefix: PropertyKey[] = []): W3ConfigError {
  const path = [...prefix, ...(issue?.path ?? [])].map(String).join('.') || 'options';
  return new W3ConfigError(path, issue?.message ?? 'Invalid input');
}

/** Validates one network object; throws W3ConfigError naming the field, 'Invalid chainId' for ids >= 2^31. */
export function parseNetwork(value: unknown, path: PropertyKey[] = ['network']): Network {
  const result = networkSchema.safeParse(value);
  if (!result.success) throw configError(result.error.issues[0], path);
  if (result.data.chainNamespace === 'eip155') {
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
  const result = optionsSchema.safeParse(value);
  if (!result.success) throw configError(result.error.issues[0]);
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
