import { describe, expect, it } from 'vitest';
import { networks } from '../../wire/networks.js';
import { CAIP_TO_WALLET_CHAIN, caipIdOfWalletChain, walletChainOf, WALLET_CHAIN_TO_CAIP } from './chains.js';

describe('Wallet Standard chains', () => {
  it('maps the presets both ways by CAIP id', () => {
    expect(walletChainOf(networks.solana)).toBe('solana:mainnet');
    expect(walletChainOf(networks.solanaDevnet)).toBe('solana:devnet');
    expect(walletChainOf(networks.solanaTestnet)).toBe('solana:testnet');
    expect(walletChainOf(networks.solanaLocal)).toBe('solana:localnet');
    expect(caipIdOfWalletChain('solana:mainnet')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    expect(caipIdOfWalletChain('solana:localnet')).toBe(networks.solanaLocal.caipNetworkId);
    expect(WALLET_CHAIN_TO_CAIP.size).toBe(4);
    for (const [chain, caip] of WALLET_CHAIN_TO_CAIP) expect(CAIP_TO_WALLET_CHAIN.get(caip)).toBe(chain);
  });

  it('a custom Solana network is its own CAIP id both ways; other chains are not Solana', () => {
    const custom = { caipNetworkId: 'solana:AbCdEf1234567890AbCdEf1234567890' as const };
    expect(walletChainOf(custom)).toBe(custom.caipNetworkId);
    expect(caipIdOfWalletChain(custom.caipNetworkId)).toBe(custom.caipNetworkId);
    expect(caipIdOfWalletChain('eip155:1')).toBeUndefined();
    expect(caipIdOfWalletChain('solana:')).toBeUndefined();
  });
});
