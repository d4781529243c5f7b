import { describe, expect, it } from 'vitest';
import { W3ConfigError } from './errors.js';
import { networks, type Network } from '../wire/networks.js';
import { SOCIAL_PROVIDERS, parseNetwork, parseOptions } from './options.js';

/** Runs `fn`, expects a W3ConfigError and returns it. */
function configError(fn: () => unknown): W3ConfigError {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(W3ConfigError);
  return caught as W3ConfigError;
}

const optionOf = (input: unknown): string => configError(() => parseOptions(input)).option;

const base = { networks: [networks.mainnet] };

const fn = async (): Promise<never> => {
  throw new Error('not called');
};
/** A siwx option with every function (parseOptions only checks the shape). */
const siwx = { createMessage: fn, addSession: fn, revokeSession: fn, setSessions: fn, getSessions: fn, getRequired: () => true };
const siweConfig = { getNonce: fn, createMessage: () => 'text', verifyMessage: fn, getSession: fn, signOut: fn };

function withNetwork(patch: Record<string, unknown>): unknown {
  return { networks: [{ ...networks.mainnet, ...patch }] };
}

describe('parseOptions: valid input', () => {
  it('accepts the minimal options', () => {
    const options = parseOptions(base);
    expect(options.networks).toHaveLength(1);
    expect(options.networks[0]?.caipNetworkId).toBe('eip155:1');
    expect(options.networks[0]).toEqual(networks.mainnet);
    expect(options.defaultNetwork).toBeUndefined();
  });

  it('accepts a full set of options and keeps their values', () => {
    const input = {
      networks: [networks.mainnet, networks.polygon, networks.localhost],
      defaultNetwork: networks.polygon,
      projectId: 'abc123',
      apiUrl: 'https://api.example.com',
      blockchainApiUrl: 'https://rpc.example.com/v1',
      relayUrl: 'wss://relay.example.com',
      secureSiteUrl: 'http://localhost:3000',
      metadata: { name: 'My dApp', description: 'd', url: 'https://example.com', icons: ['https://example.com/i.png'] },
      features: {
        email: true,
        socials: ['google', 'github'],
        swaps: true,
        onramp: false,
        send: true,
        receive: true,
        history: false,
        analytics: true,
        connectMethodsOrder: ['wallet', 'email', 'social'],
        walletFeaturesOrder: ['send', 'receive'],
        connectorTypeOrder: ['injected', 'walletConnect'],
      },
      themeMode: 'dark',
      themeVariables: { '--w3-accent': '#ff0000', '--w3-border-radius-master': 4 },
      featuredWalletIds: ['a', 'b'],
      includeWalletIds: ['c'],
      excludeWalletIds: ['d'],
      defaultAccountTypes: { eip155: 'eoa', solana: 'eoa' },
      siwx,
    };
    const options = parseOptions(input);
    expect(options.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:137', 'eip155:31337']);
    expect(options.defaultNetwork?.caipNetworkId).toBe('eip155:137');
    expect(options.projectId).toBe('abc123');
    expect(options.apiUrl).toBe('https://api.example.com');
    expect(options.relayUrl).toBe('wss://relay.example.com');
    expect(options.metadata?.name).toBe('My dApp');
    expect(options.features?.connectMethodsOrder).toEqual(['wallet', 'email', 'social']);
    expect(options.features?.socials).toEqual(['google', 'github']);
    expect(options.themeMode).toBe('dark');
    expect(options.themeVariables).toEqual({ '--w3-accent': '#ff0000', '--w3-border-radius-master': 4 });
    expect(options.defaultAccountTypes).toEqual({ eip155: 'eoa', solana: 'eoa' });
    expect(options.siwx).toBe(siwx);
  });

  it('accepts siweConfig alone', () => {
    expect(parseOptions({ ...base, siweConfig }).siweConfig).toBe(siweConfig);
  });

  it('accepts socials: false', () => {
    expect(parseOptions({ ...base, features: { socials: false } }).features?.socials).toBe(false);
  });

  it('accepts every social provider', () => {
    expect(parseOptions({ ...base, features: { socials: [...SOCIAL_PROVIDERS] } }).features?.socials).toEqual([...SOCIAL_PROVIDERS]);
  });

  it('accepts a network whose chain id is the highest valid one', () => {
    const options = parseOptions(withNetwork({ id: 2147483647, caipNetworkId: 'eip155:2147483647' }));
    expect(options.networks[0]?.id).toBe(2147483647);
  });

  it('accepts non-EVM networks with string ids', () => {
    const solana = {
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      chainNamespace: 'solana',
      name: 'Solana',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['https://rpc.example.com'] } },
    };
    const options = parseOptions({ networks: [networks.mainnet, solana] });
    expect(options.networks[1]?.chainNamespace).toBe('solana');
  });

  it('does not modify the input', () => {
    const input = { networks: [networks.mainnet], defaultNetwork: networks.mainnet };
    const snapshot = JSON.parse(JSON.stringify(input)) as unknown;
    parseOptions(input);
    expect(input).toEqual(snapshot);
  });
});

describe('parseOptions: bad options throw W3ConfigError naming the option', () => {
  it.each([null, undefined, 'options', 42, true])('rejects the non-object %s', (input) => {
    expect(optionOf(input)).toBe('options');
  });

  it('rejects missing or empty networks', () => {
    expect(optionOf({})).toBe('networks');
    expect(optionOf({ networks: [] })).toBe('networks');
    expect(optionOf({ networks: 'eip155:1' })).toBe('networks');
  });

  it('rejects a network that is not an object', () => {
    expect(optionOf({ networks: [networks.mainnet, 'eip155:137'] })).toBe('networks.1');
  });

  it('rejects a caipNetworkId that does not match chainNamespace:id', () => {
    expect(optionOf(withNetwork({ caipNetworkId: 'eip155:2' }))).toBe('networks.0.caipNetworkId');
    expect(optionOf(withNetwork({ caipNetworkId: 'solana:1' }))).toBe('networks.0.caipNetworkId');
    expect(optionOf(withNetwork({ caipNetworkId: 1 }))).toBe('networks.0.caipNetworkId');
  });

  it('names the index of the bad network', () => {
    const bad = { ...networks.polygon, caipNetworkId: 'eip155:1' };
    expect(optionOf({ networks: [networks.mainnet, networks.base, bad] })).toBe('networks.2.caipNetworkId');
  });

  it('rejects bad network fields', () => {
    expect(optionOf(withNetwork({ chainNamespace: 'Ethereum' }))).toBe('networks.0.chainNamespace');
    expect(optionOf(withNetwork({ name: '' }))).toBe('networks.0.name');
    expect(optionOf(withNetwork({ id: '' }))).toBe('networks.0.id');
    expect(optionOf(withNetwork({ id: true }))).toBe('networks.0.id');
    expect(optionOf(withNetwork({ nativeCurrency: { name: 'E', symbol: '', decimals: 18 } }))).toBe('networks.0.nativeCurrency.symbol');
    expect(optionOf(withNetwork({ nativeCurrency: { name: 'E', symbol: 'E', decimals: 1.5 } }))).toBe('networks.0.nativeCurrency.decimals');
    expect(optionOf(withNetwork({ nativeCurrency: { name: 'E', symbol: 'E', decimals: 37 } }))).toBe('networks.0.nativeCurrency.decimals');
    expect(optionOf(withNetwork({ rpcUrls: {} }))).toBe('networks.0.rpcUrls');
    expect(optionOf(withNetwork({ rpcUrls: { default: { http: [] } } }))).toBe('networks.0.rpcUrls');
    expect(optionOf(withNetwork({ rpcUrls: { default: { http: ['not a url'] } } }))).toBe('networks.0.rpcUrls.default.http.0');
    expect(optionOf(withNetwork({ rpcUrls: { default: { http: ['ftp://x.example.com'] } } }))).toBe('networks.0.rpcUrls.default.http.0');
    expect(optionOf(withNetwork({ blockExplorers: { default: { name: 'X', url: 'nope' } } }))).toBe(
      'networks.0.blockExplorers.default.url',
    );
    expect(optionOf(withNetwork({ testnet: 'yes' }))).toBe('networks.0.testnet');
  });

  it("rejects an eip155 network with id 2147483648 with 'Invalid chainId'", () => {
    const err = configError(() => parseOptions(withNetwork({ id: 2147483648, caipNetworkId: 'eip155:2147483648' })));
    expect(err.message).toContain('Invalid chainId');
    expect(err.option).toBe('networks.0.id');
  });

  it.each([0, -1, 4294967296])("rejects the eip155 id %i with 'Invalid chainId'", (id) => {
    const err = configError(() => parseOptions(withNetwork({ id, caipNetworkId: `eip155:${id}` })));
    expect(err.message).toContain('Invalid chainId');
  });

  it('rejects duplicate networks', () => {
    const err = configError(() => parseOptions({ networks: [networks.mainnet, networks.base, { ...networks.mainnet }] }));
    expect(err.option).toBe('networks.2');
    expect(err.message).toContain('duplicate network eip155:1');
  });

  it('rejects a defaultNetwork that is not configured', () => {
    const err = configError(() => parseOptions({ networks: [networks.mainnet], defaultNetwork: networks.polygon }));
    expect(err.option).toBe('defaultNetwork');
  });

  it('validates the defaultNetwork itself', () => {
    expect(optionOf({ networks: [networks.mainnet], defaultNetwork: { ...networks.mainnet, name: '' } })).toBe('defaultNetwork.name');
    expect(optionOf({ networks: [networks.mainnet], defaultNetwork: 'eip155:1' })).toBe('defaultNetwork');
  });

  it('rejects setting both siwx and siweConfig', () => {
    const err = configError(() => parseOptions({ ...base, siwx, siweConfig }));
    expect(err.option).toBe('siwx');
    expect(err.message).toBe('Invalid option "siwx": set either siwx or siweConfig, not both');
  });

  it.each(['apiUrl', 'blockchainApiUrl', 'relayUrl', 'secureSiteUrl'])('rejects a bad %s', (key) => {
    expect(optionOf({ ...base, [key]: 'not-a-url' })).toBe(key);
    expect(optionOf({ ...base, [key]: 'ftp://files.example.com' })).toBe(key);
    expect(optionOf({ ...base, [key]: 'javascript:alert(1)' })).toBe(key);
    expect(optionOf({ ...base, [key]: 5 })).toBe(key);
  });

  it('rejects an empty projectId', () => {
    expect(optionOf({ ...base, projectId: '' })).toBe('projectId');
    expect(optionOf({ ...base, projectId: 7 })).toBe('projectId');
  });

  it('rejects bad metadata', () => {
    expect(optionOf({ ...base, metadata: {} })).toBe('metadata.name');
    expect(optionOf({ ...base, metadata: { name: 'x', icons: [1] } })).toBe('metadata.icons.0');
  });

  it('rejects bad features', () => {
    expect(optionOf({ ...base, features: 'all' })).toBe('features');
    expect(optionOf({ ...base, features: { email: 'yes' } })).toBe('features.email');
    expect(optionOf({ ...base, features: { socials: true } })).toBe('features.socials');
    expect(optionOf({ ...base, features: { socials: ['myspace'] } })).toMatch(/^features\.socials/);
  });

  it('rejects an unknown or repeated entry in connectMethodsOrder', () => {
    expect(optionOf({ ...base, features: { connectMethodsOrder: ['email', 'phone'] } })).toMatch(/^features\.connectMethodsOrder/);
    expect(optionOf({ ...base, features: { connectMethodsOrder: ['email', 'email'] } })).toBe('features.connectMethodsOrder');
    expect(optionOf({ ...base, features: { connectMethodsOrder: 'email' } })).toBe('features.connectMethodsOrder');
  });

  it('rejects a bad walletFeaturesOrder and connectorTypeOrder', () => {
    expect(optionOf({ ...base, features: { walletFeaturesOrder: ['send', 'send'] } })).toBe('features.walletFeaturesOrder');
    expect(optionOf({ ...base, features: { walletFeaturesOrder: ['bridge'] } })).toMatch(/^features\.walletFeaturesOrder/);
    expect(optionOf({ ...base, features: { connectorTypeOrder: ['injected', 'injected'] } })).toBe('features.connectorTypeOrder');
    expect(optionOf({ ...base, features: { connectorTypeOrder: ['magic'] } })).toMatch(/^features\.connectorTypeOrder/);
  });

  it('rejects a bad themeMode', () => {
    expect(optionOf({ ...base, themeMode: 'system' })).toBe('themeMode');
  });

  it('rejects themeVariables keys that are not --w3-* and values that are not strings or numbers', () => {
    expect(optionOf({ ...base, themeVariables: { '--other-accent': 'red' } })).toMatch(/^themeVariables/);
    expect(optionOf({ ...base, themeVariables: { accent: 'red' } })).toMatch(/^themeVariables/);
    expect(optionOf({ ...base, themeVariables: { '--w3-accent': true } })).toMatch(/^themeVariables/);
    expect(optionOf({ ...base, themeVariables: 'dark' })).toBe('themeVariables');
  });

  it('rejects bad wallet id lists', () => {
    expect(optionOf({ ...base, featuredWalletIds: [''] })).toBe('featuredWalletIds.0');
    expect(optionOf({ ...base, includeWalletIds: 'a' })).toBe('includeWalletIds');
    expect(optionOf({ ...base, excludeWalletIds: [1] })).toBe('excludeWalletIds.0');
  });

  it('rejects bad defaultAccountTypes', () => {
    expect(optionOf({ ...base, defaultAccountTypes: { eip155: 'multisig' } })).toBe('defaultAccountTypes.eip155');
    expect(optionOf({ ...base, defaultAccountTypes: { TRON: 'eoa' } })).toMatch(/^defaultAccountTypes/);
  });

  it('rejects non-object siwx', () => {
    expect(optionOf({ ...base, siwx: true })).toBe('siwx');
  });

  it('rejects a siwx or siweConfig missing a function, naming the functions it needs', () => {
    const { addSession: _dropped, ...noAddSession } = siwx;
    const err = configError(() => parseOptions({ ...base, siwx: noAddSession }));
    expect(err.option).toBe('siwx');
    expect(err.message).toBe(
      'Invalid option "siwx": needs the functions createMessage, addSession, revokeSession, setSessions, getSessions',
    );
    expect(configError(() => parseOptions({ ...base, siwx: { ...siwx, getSessions: 'yes' } })).message).toContain('getSessions');
    const { verifyMessage: _gone, ...noVerify } = siweConfig;
    const legacy = configError(() => parseOptions({ ...base, siweConfig: noVerify }));
    expect(legacy.option).toBe('siweConfig');
    expect(legacy.message).toContain('verifyMessage');
  });

  it('produces a readable message naming the option', () => {
    const err = configError(() => parseOptions({ ...base, apiUrl: 'nope' }));
    expect(err.message).toBe('Invalid option "apiUrl": must be an absolute http(s) or ws(s) URL');
    expect(err.category).toBe('CONFIG_ERROR');
  });
});

describe('parseNetwork', () => {
  it('returns a valid network', () => {
    const n: Network = parseNetwork(networks.base);
    expect(n).toEqual(networks.base);
  });

  it('names the field under the given path', () => {
    expect(configError(() => parseNetwork({ ...networks.base, name: '' })).option).toBe('network.name');
    expect(configError(() => parseNetwork({ ...networks.base, name: '' }, ['x', 3])).option).toBe('x.3.name');
    expect(configError(() => parseNetwork('eip155:1')).option).toBe('network');
  });

  it("throws 'Invalid chainId' for an eip155 id of 2^31 or more", () => {
    const err = configError(() => parseNetwork({ ...networks.base, id: 2147483648, caipNetworkId: 'eip155:2147483648' }));
    expect(err.option).toBe('network.id');
    expect(err.message).toContain('Invalid chainId');
  });
});
