import { describe, expect, it } from 'vitest';
import { assertChainId, isNamespace } from './caip.js';
import { LOCAL_SVM_GENESIS_HASH, networks, presetByCaipId, type Network } from '../wire/networks.js';
import { parseNetwork, parseOptions } from './options.js';

const presets = Object.entries(networks) as [string, Network][];

describe('network presets', () => {
  it.each(presets)('%s has caipNetworkId === chainNamespace:id', (_name, n) => {
    expect(n.caipNetworkId).toBe(`${n.chainNamespace}:${n.id}`);
    expect(isNamespace(n.chainNamespace)).toBe(true);
  });

  it.each(presets)('%s passes parseNetwork unchanged', (_name, n) => {
    expect(parseNetwork(n)).toEqual(n);
  });

  it.each(presets)('%s has a valid chain id, a native currency and an rpc url', (_name, n) => {
    if (n.chainNamespace === 'eip155') expect(assertChainId(n.id)).toBe(n.id);
    expect(n.nativeCurrency.decimals).toBe(({ solana: 9, bip122: 8 } as Record<string, number>)[n.chainNamespace] ?? 18);
    expect(n.nativeCurrency.symbol.length).toBeGreaterThan(0);
    expect(n.rpcUrls.default.http.length).toBeGreaterThan(0);
    for (const url of n.rpcUrls.default.http) expect(url).toMatch(/^https?:\/\//);
  });

  it('has at least 20 EVM presets besides localhost', () => {
    const evm = presets.filter(([name, n]) => n.chainNamespace === 'eip155' && name !== 'localhost');
    expect(evm.length).toBeGreaterThanOrEqual(20);
  });

  it('has the three public Solana clusters by genesis-hash prefix and the local SVM by its fixed genesis hash', () => {
    expect(networks.solana.caipNetworkId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    expect(networks.solanaDevnet.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    expect(networks.solanaTestnet.caipNetworkId).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z');
    expect(networks.solanaLocal.caipNetworkId).toBe(`solana:${LOCAL_SVM_GENESIS_HASH.slice(0, 32)}`);
    expect(networks.solanaLocal.rpcUrls.default).toEqual({ http: ['http://127.0.0.1:8899'], webSocket: ['ws://127.0.0.1:8900'] });
  });

  it('has unique caip ids', () => {
    const ids = presets.map(([, n]) => n.caipNetworkId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('can configure all presets at once', () => {
    const options = parseOptions({ networks: presets.map(([, n]) => n) });
    expect(options.networks).toHaveLength(presets.length);
  });

  it('has localhost at eip155:31337 on http://127.0.0.1:8545', () => {
    expect(networks.localhost.id).toBe(31337);
    expect(networks.localhost.caipNetworkId).toBe('eip155:31337');
    expect(networks.localhost.chainNamespace).toBe('eip155');
    expect(networks.localhost.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545']);
    expect(networks.localhost.testnet).toBe(true);
    expect(networks.localhost.blockExplorers).toBeUndefined();
  });

  it('has the well-known mainnets', () => {
    expect(networks.mainnet.caipNetworkId).toBe('eip155:1');
    expect(networks.mainnet.nativeCurrency.symbol).toBe('ETH');
    expect(networks.mainnet.testnet).toBeUndefined();
    expect(networks.polygon.caipNetworkId).toBe('eip155:137');
    expect(networks.polygon.nativeCurrency.symbol).toBe('POL');
    expect(networks.arbitrum.caipNetworkId).toBe('eip155:42161');
    expect(networks.optimism.caipNetworkId).toBe('eip155:10');
    expect(networks.base.caipNetworkId).toBe('eip155:8453');
    expect(networks.bsc.nativeCurrency.symbol).toBe('BNB');
    expect(networks.sepolia.testnet).toBe(true);
    expect(networks.mainnet.blockExplorers?.default.url).toBe('https://etherscan.io');
  });
});

describe('presetByCaipId', () => {
  it('finds presets by CAIP-2 id', () => {
    expect(presetByCaipId('eip155:1')).toBe(networks.mainnet);
    expect(presetByCaipId('eip155:31337')).toBe(networks.localhost);
    expect(presetByCaipId('eip155:8453')).toBe(networks.base);
    for (const [, n] of presets) expect(presetByCaipId(n.caipNetworkId)).toBe(n);
  });

  it('returns undefined for unknown ids', () => {
    expect(presetByCaipId('eip155:999999')).toBeUndefined();
    expect(presetByCaipId('1')).toBeUndefined();
    expect(presetByCaipId('')).toBeUndefined();
  });
});
