/**
 * Which resolver a name typed as a send's receiver goes to: an ENS name (`*.eth`) on a chain
 * that has ENS (the network's own `contracts.ensUniversalResolver`, or viem's definition of
 * mainnet, sepolia or holesky) resolves with viem's ENS actions against the chain's RPC (lazy:
 * ./ens.ts); every other name goes to the Blockchain API's name registry.
 */
import type { Network } from '../../wire/networks.js';
import { chainRules } from '../../chains/registry.js';

/** The chains whose viem definition has an ENS Universal Resolver (ethereum, sepolia, holesky). */
export const ENS_CHAIN_IDS: ReadonlySet<number> = new Set([1, 11155111, 17000]);

/** A network object that may carry viem's contract addresses (a viem chain passed as a network). */
type WithContracts = Network & { contracts?: { ensUniversalResolver?: { address?: string } } };

/** Whether `network` has ENS: its own Universal Resolver address, or a chain viem knows it for. */
export function hasEns(network: Network): boolean {
  if (!chainRules(network.chainNamespace)?.features?.names) return false;
  return Boolean((network as WithContracts).contracts?.ensUniversalResolver?.address) || ENS_CHAIN_IDS.has(Number(network.id));
}

/** Whether `name` resolves through ENS on `network` (rather than through our registry). */
export function resolvesWithEns(name: string, network: Network): boolean {
  return /^[^.\s]+(\.[^.\s]+)*\.eth$/i.test(name) && hasEns(network);
}
