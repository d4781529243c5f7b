/** The Bitcoin presets (issue 33 section 1) and how the registry and the `networks` attribute take them. */
import { describe, expect, it } from 'vitest';
import { parseOptions } from '../../core/options.js';
import { networks, presetByCaipId } from '../../wire/networks.js';
import { adapterEntry, chainRules, loadChainRules } from '../registry.js';
import { addressNet, standardChain } from './chains.js';

describe('Bitcoin network presets', () => {
  it('are bitcoin, bitcoinTestnet, bitcoinSignet and bitcoinRegtest by genesis-hash prefix, each with its Esplora URL, BTC with 8 decimals', () => {
    expect(networks.bitcoin.caipNetworkId).toBe('bip122:000000000019d6689c085ae165831e93');
    expect(networks.bitcoinTestnet.caipNetworkId).toBe('bip122:000000000933ea01ad0ee984209779ba');
    expect(networks.bitcoinSignet.caipNetworkId).toBe('bip122:00000008819873e925422c1ff0f99f7c');
    expect(networks.bitcoinRegtest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328');
    expect(networks.bitcoinRegtest.rpcUrls.default.http).toEqual(['http://127.0.0.1:18443']);
    expect(networks.bitcoin.rpcUrls.default.http).toEqual(['https://mempool.space/api']);
    for (const n of [networks.bitcoin, networks.bitcoinTestnet, networks.bitcoinSignet, networks.bitcoinRegtest]) {
      expect(n.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 });
      expect(n.chainNamespace).toBe('bip122');
      expect(presetByCaipId(n.caipNetworkId)).toBe(n);
    }
    expect(networks.bitcoin.testnet).toBeUndefined();
    expect(networks.bitcoinRegtest.testnet).toBe(true);
  });

  it('configure the modal, have an entry in the registry with payment accounts (rules loaded lazily), and name their Wallet Standard chains', async () => {
    const options = parseOptions({ networks: [networks.bitcoinRegtest, networks.localhost] });
    expect(options.networks.map((n) => n.caipNetworkId)).toContain('bip122:0f9188f13cb7b2c71f2a335e3a4fc328');
    expect(adapterEntry('bip122')?.discovery).toBeTypeOf('function');
    // The entry is a small descriptor: its rules are not there until the namespace is configured or used.
    expect(chainRules('bip122')).toBeUndefined();
    expect((await loadChainRules('bip122'))?.accountType).toBe('payment');
    expect(chainRules('bip122')?.accountType).toBe('payment');
    expect(chainRules('bip122')?.heading()).toBe('Bitcoin networks');
    expect(chainRules('bip122')?.addressPlaceholder()).toBe('Bitcoin address');
    expect(standardChain(networks.bitcoinRegtest)).toBe('bitcoin:regtest');
    expect(standardChain(networks.bitcoinSignet)).toBe('bitcoin:signet');
    expect(addressNet(networks.bitcoin)).toBe('main');
    expect(addressNet({ ...networks.bitcoin, caipNetworkId: 'bip122:00000000000000000000000000000000' })).toBeUndefined();
  });
});
