import { describe, expect, it } from 'vitest';
import { networks } from '../../wire/networks.js';
import { solanaMainnet } from '../../test-utils/networks.js';
import {
  accountsOnChain,
  approvedChains,
  chainNumber,
  EIP155_METHODS,
  optionalNamespaces,
  SOLANA_METHODS,
  switchRoute,
} from './namespaces.js';

describe('WalletConnect namespaces', () => {
  it('proposes every configured namespace as optional, with all its chains once', () => {
    const out = optionalNamespaces([networks.mainnet, networks.sepolia, networks.mainnet, solanaMainnet]);
    expect(Object.keys(out)).toEqual(['eip155', 'solana']);
    expect(out['eip155']?.chains).toEqual(['eip155:1', 'eip155:11155111']);
    expect(out['eip155']?.methods).toEqual(EIP155_METHODS);
    // EIP-5792 passes through to the wallet (issue 34).
    for (const method of ['wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus', 'wallet_getCapabilities'])
      expect(EIP155_METHODS).toContain(method);
    expect(out['eip155']?.events).toEqual(['chainChanged', 'accountsChanged']);
    expect(out['solana']?.chains).toEqual([solanaMainnet.caipNetworkId]);
    expect(out['solana']?.methods).toEqual(['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']);
    expect(out['solana']?.methods).toBe(SOLANA_METHODS);
    expect(out['solana']?.events).toEqual(['chainChanged', 'accountsChanged']);
  });

  it('proposes solana only when a solana network is configured, with the CAIP ids of the configured ones', () => {
    expect(Object.keys(optionalNamespaces([networks.mainnet]))).toEqual(['eip155']);
    const out = optionalNamespaces([networks.solanaLocal, networks.solanaDevnet, networks.solanaLocal]);
    expect(out['solana']?.chains).toEqual([networks.solanaLocal.caipNetworkId, networks.solanaDevnet.caipNetworkId]);
    expect(out['eip155']).toBeUndefined();
  });

  it('skips namespaces WalletConnect does not carry here', () => {
    const polkadot = {
      ...solanaMainnet,
      chainNamespace: 'polkadot' as const,
      caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' as const,
    };
    expect(optionalNamespaces([polkadot])).toEqual({});
  });

  it("proposes a namespace this file lists nothing for with its part's methods and events; never replaces eip155's", () => {
    const lookup = (ns: string) => ({ methods: [`${ns}_m`], events: [`${ns}_e`] });
    const out = optionalNamespaces([networks.bitcoinRegtest, networks.bitcoin, networks.mainnet], lookup);
    expect(out).toEqual({
      bip122: {
        chains: [networks.bitcoinRegtest.caipNetworkId, networks.bitcoin.caipNetworkId],
        methods: ['bip122_m'],
        events: ['bip122_e'],
      },
      eip155: { chains: ['eip155:1'], methods: EIP155_METHODS, events: ['chainChanged', 'accountsChanged'] },
    });
    expect(optionalNamespaces([networks.bitcoinRegtest], () => undefined)).toEqual({});
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

  describe('switching to a chain (switchRoute)', () => {
    const session = (methods: string[]) => ({
      eip155: { chains: ['eip155:31337'], accounts: ['eip155:31337:0xaaa'], methods, events: ['chainChanged'] },
    });

    it('stays inside the session for a chain it approved accounts on, whatever the methods', () => {
      expect(switchRoute(session([]), 'eip155:31337')).toBe('session');
    });

    it('asks the wallet for a chain new to the session when it approved switching or adding chains', () => {
      expect(switchRoute(session(['personal_sign', 'wallet_switchEthereumChain']), 'eip155:11155111')).toBe('wallet');
      expect(switchRoute(session(['wallet_addEthereumChain']), 'eip155:11155111')).toBe('wallet');
    });

    it('a chain new to a session without those methods is not supported (never a disconnect)', () => {
      expect(switchRoute(session(['personal_sign', 'eth_sendTransaction']), 'eip155:11155111')).toBe('unsupported');
      expect(switchRoute({}, 'eip155:1')).toBe('unsupported');
    });

    it('a chain listed in chains with no account on it is not one the session can use as is', () => {
      const ns = { eip155: { chains: ['eip155:31337', 'eip155:1'], accounts: ['eip155:31337:0xaaa'], methods: [], events: [] } };
      expect(switchRoute(ns, 'eip155:1')).toBe('unsupported');
    });
  });

  it('reads chain ids as numbers, hex, decimal strings and CAIP-2 ids', () => {
    expect([chainNumber(1), chainNumber('0x7a69'), chainNumber('31338'), chainNumber('eip155:11155111')]).toEqual([
      1, 31337, 31338, 11155111,
    ]);
    expect([chainNumber('x'), chainNumber(undefined), chainNumber('0')]).toEqual([undefined, undefined, undefined]);
  });
});
