import { describe, expect, it } from 'vitest';
import { networks } from '../../wire/networks.js';
import { solanaMainnet } from '../../test-utils/networks.js';
import { accountsOnChain, approvedChains, EIP155_METHODS, optionalNamespaces } from './namespaces.js';

describe('WalletConnect namespaces', () => {
  it('proposes every configured namespace as optional, with all its chains once', () => {
    const out = optionalNamespaces([networks.mainnet, networks.sepolia, networks.mainnet, solanaMainnet]);
    expect(Object.keys(out)).toEqual(['eip155', 'solana']);
    expect(out['eip155']?.chains).toEqual(['eip155:1', 'eip155:11155111']);
    expect(out['eip155']?.methods).toEqual(EIP155_METHODS);
    expect(out['eip155']?.events).toEqual(['chainChanged', 'accountsChanged']);
    expect(out['solana']?.chains).toEqual([solanaMainnet.caipNetworkId]);
  });

  it('skips namespaces WalletConnect does not carry here', () => {
    const polkadot = {
      ...solanaMainnet,
      chainNamespace: 'polkadot' as const,
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' as const,
    };
    expect(optionalNamespaces([polkadot])).toEqual({});
  });

  it('reads approved chains from chains and accounts, and accounts per chain', () => {
    const ns = {
      eip155: {
        chains: ['eip155:1'],
        accounts: ['eip155:1:0xaaa', 'eip155:10:0xbbb', 'eip155:1:0xccc', 'eip155:1:0xaaa'],
        methods: [],
        events: [],
      },
    };
    expect(approvedChains(ns, 'eip155')).toEqual(['eip155:1', 'eip155:10']);
    expect(approvedChains(ns, 'solana')).toEqual([]);
    expect(accountsOnChain(ns, 'eip155:1')).toEqual(['0xaaa', '0xccc']);
    expect(accountsOnChain(ns, 'eip155:10')).toEqual(['0xbbb']);
    expect(accountsOnChain(ns, 'eip155:5')).toEqual([]);
  });
});
