/**
 * Wallet Standard chain names and the network presets (issue 14): `solana:mainnet` is `solana`,
 * `solana:devnet` `solanaDevnet`, `solana:testnet` `solanaTestnet`, `solana:localnet`
 * `solanaLocal`, matched by CAIP-2 id. Any other Solana network (an app's own) has no Wallet
 * Standard name; its wallet chain is its CAIP-2 id itself (`solana:<genesis-hash prefix>`), the
 * form some wallets already accept, and a wallet that names such a chain maps back to it.
 */
import { networks, type Network } from '../../wire/networks.js';

const NAMED: readonly (readonly [string, string])[] = [
  ['solana:mainnet', networks.solana.caipNetworkId],
  ['solana:devnet', networks.solanaDevnet.caipNetworkId],
  ['solana:testnet', networks.solanaTestnet.caipNetworkId],
  ['solana:localnet', networks.solanaLocal.caipNetworkId],
];

/** Wallet Standard chain name -> CAIP-2 id of its preset. */
export const WALLET_CHAIN_TO_CAIP: ReadonlyMap<string, string> = new Map(NAMED);
/** CAIP-2 id of a preset -> its Wallet Standard chain name. */
export const CAIP_TO_WALLET_CHAIN: ReadonlyMap<string, string> = new Map(NAMED.map(([chain, caip]) => [caip, chain]));

/** The `chain` to pass to a wallet for `network`. */
export function walletChainOf(network: Pick<Network, 'caipNetworkId'>): string {
  return CAIP_TO_WALLET_CHAIN.get(network.caipNetworkId) ?? network.caipNetworkId;
}

/** The CAIP-2 id of a wallet's chain name; undefined for a chain that is not Solana's. */
export function caipIdOfWalletChain(chain: string): string | undefined {
  if (typeof chain !== 'string' || !/^solana:[A-Za-z0-9-]{1,64}$/.test(chain)) return undefined;
  return WALLET_CHAIN_TO_CAIP.get(chain) ?? chain;
}

/** Whether a Wallet Standard chain name is a Solana chain. */
export const isSolanaChain = (chain: unknown): boolean => typeof chain === 'string' && chain.startsWith('solana:');
