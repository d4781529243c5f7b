/**
 * w3kit/wagmi in Node (no browser): the wagmi config an adapter builds, its option errors, an
 * existing config, the bounded wait for the modal, and server rendering (cookie storage, one
 * config per request, nothing shared between requests).
 */
import { describe, expect, it } from 'vitest';
import { createConfig, createStorage, http, serialize, type Config } from '@wagmi/core';
import { W3ConfigError } from '../../src/core/errors.js';
import { networks, type Network } from '../../src/wire/networks.js';
import { cookieStorage, cookieToInitialState, createStorage as reexportedCreateStorage, W3WagmiAdapter } from '../../src/wagmi/index.js';
import { ModalBinding } from '../../src/wagmi/binding.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const A1 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const transportUrl = (config: Config, chainId: number) => (config.getClient({ chainId }).transport as { url?: string }).url;

function configError(run: () => unknown): W3ConfigError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(W3ConfigError);
    return err as W3ConfigError;
  }
  throw new Error('expected a W3ConfigError');
}

/** The cookie a browser holds after wagmi connected `address` on `chainId` through the w3kit connector. */
function cookieFor(address: string, chainId: number): string {
  const uid = `uid-${address.slice(2, 8)}`;
  const state = {
    connections: new Map([[uid, { accounts: [address], chainId, connector: { id: 'w3kit', name: 'w3kit', type: 'w3kit', uid } }]]),
    chainId,
    current: uid,
  };
  return `other=1; wagmi.store=${serialize({ state, version: 3 })}; theme=dark`;
}

describe('W3WagmiAdapter config', () => {
  it('takes the eip155 networks as chains with http transports from their first RPC URL; the w3kit connector first', () => {
    const chainB = { ...networks.localhost2, rpcUrls: { default: { http: ['http://127.0.0.1:9999', 'http://127.0.0.1:1'] } } };
    const adapter = new W3WagmiAdapter({ networks: [networks.localhost, networks.solana, chainB] });
    const config = adapter.wagmiConfig;
    expect(config.chains.map((c) => c.id)).toEqual([31337, 31338]);
    expect(config.chains[1]!.name).toBe('Localhost 2');
    expect(transportUrl(config, 31337)).toBe('http://127.0.0.1:8545');
    expect(transportUrl(config, 31338)).toBe('http://127.0.0.1:9999');
    expect(config.connectors.map((c) => [c.id, c.name, c.type])).toEqual([['w3kit', 'w3kit', 'w3kit']]);
    expect(config.state.status).toBe('disconnected');
  });

  it('uses the transports given, and passes extra connectors through', () => {
    const adapter = new W3WagmiAdapter({
      networks: [networks.localhost],
      transports: { 31337: http('http://127.0.0.1:7777') },
      connectors: [() => ({ id: 'other', name: 'Other', type: 'x' }) as never],
    });
    expect(transportUrl(adapter.wagmiConfig, 31337)).toBe('http://127.0.0.1:7777');
    expect(adapter.wagmiConfig.connectors.map((c) => c.id)).toEqual(['w3kit', 'other']);
  });

  it('rejects bad options with a W3ConfigError naming the option', () => {
    expect(configError(() => new W3WagmiAdapter({ networks: [networks.solana] })).option).toBe('networks');
    expect(configError(() => new W3WagmiAdapter({ networks: [networks.solana] })).message).toMatch(/at least one eip155 network/);
    expect(configError(() => new W3WagmiAdapter({ networks: 'eip155:1' } as never)).option).toBe('networks');
    expect(configError(() => new W3WagmiAdapter({ networks: [{ id: 1 }] } as never)).message).toMatch(/networks\[0\]/);
    const noRpc = { ...networks.localhost, rpcUrls: { default: { http: [] } } } as unknown as Network;
    expect(configError(() => new W3WagmiAdapter({ networks: [noRpc] })).message).toMatch(/no http RPC URL/);
    expect(configError(() => new W3WagmiAdapter({ networks: [networks.localhost, networks.localhost] })).message).toMatch(/twice/);
    expect(configError(() => new W3WagmiAdapter({ networks: [networks.localhost], transports: { 1: 'x' } } as never)).option).toBe(
      'transports',
    );
    expect(configError(() => new W3WagmiAdapter({ networks: [networks.localhost], ssr: 'yes' } as never)).option).toBe('ssr');
    expect(configError(() => new W3WagmiAdapter({ networks: [networks.localhost], storage: {} } as never)).option).toBe('storage');
    expect(configError(() => new W3WagmiAdapter({ networks: [networks.localhost], connectors: [1] } as never)).option).toBe('connectors');
    expect(configError(() => new W3WagmiAdapter(undefined as never)).option).toBe('options');
  });

  it('a network with no RPC URL is fine when transports covers it', () => {
    const noRpc = { ...networks.localhost, rpcUrls: { default: { http: [] } } } as unknown as Network;
    const adapter = new W3WagmiAdapter({ networks: [noRpc], transports: { 31337: http('http://127.0.0.1:7000') } });
    expect(transportUrl(adapter.wagmiConfig, 31337)).toBe('http://127.0.0.1:7000');
  });

  it('adds the w3kit connector to an existing config, once', () => {
    const wagmiConfig = createConfig({ chains: [{ ...networks.localhost, id: 31337 }], transports: { 31337: http() } });
    const adapter = new W3WagmiAdapter({ wagmiConfig });
    expect(adapter.wagmiConfig).toBe(wagmiConfig);
    expect(wagmiConfig.connectors.map((c) => c.id)).toEqual(['w3kit']);
    expect(configError(() => new W3WagmiAdapter({ wagmiConfig })).message).toMatch(/already has a w3kit connector/);
    expect(configError(() => new W3WagmiAdapter({ wagmiConfig: {} as never })).option).toBe('wagmiConfig');
  });

  it('the connector waits for the modal a bounded time, then says how to attach the adapter', async () => {
    await expect(new ModalBinding().ready(30)).rejects.toThrow(/pass the adapter to createW3Modal\(\{ adapters: \[adapter\] \}\)/);
  });
});

describe('server rendering with cookies', () => {
  it('re-exports wagmi cookie helpers', () => {
    expect(reexportedCreateStorage).toBe(createStorage);
    expect(typeof cookieStorage.getItem).toBe('function');
    // On the server cookieStorage reads nothing (no document): state comes from the request's cookie header.
    expect(cookieStorage.getItem('wagmi.store')).toBeNull();
  });

  it('one config per request: each request gets its own cookie state, nothing shared', () => {
    const perRequest = (cookie: string | undefined) => {
      const adapter = new W3WagmiAdapter({
        networks: [networks.localhost, networks.localhost2],
        ssr: true,
        storage: createStorage({ storage: cookieStorage }),
      });
      return { config: adapter.wagmiConfig, state: cookieToInitialState(adapter.wagmiConfig, cookie) };
    };
    const first = perRequest(cookieFor(A0, 31337));
    const second = perRequest(cookieFor(A1, 31338));
    const anonymous = perRequest(undefined);
    expect(first.config).not.toBe(second.config);
    expect(first.state?.current).toBe('uid-f39Fd6');
    expect([...first.state!.connections.values()][0]).toMatchObject({ accounts: [A0], chainId: 31337, connector: { id: 'w3kit' } });
    expect(first.state?.chainId).toBe(31337);
    expect([...second.state!.connections.values()][0]).toMatchObject({ accounts: [A1], chainId: 31338 });
    expect(second.state?.chainId).toBe(31338);
    expect(anonymous.state).toBeUndefined();
    // Reading one request's cookie leaves every config's own store as it was (the server never connects).
    for (const { config } of [first, second, anonymous]) {
      expect(config.state.status).toBe('disconnected');
      expect(config.state.connections.size).toBe(0);
    }
    // A broken cookie reads as no state, not an error.
    expect(cookieToInitialState(first.config, 'wagmi.store={not json')).toBeUndefined();
  });
});
