/**
 * ENS resolution of a send's receiver (lazy: loaded only for a `*.eth` name on a chain with
 * ENS): viem's getEnsAddress through the chain's Universal Resolver, over the network's RPC.
 */
import { createPublicClient, http, type Chain } from 'viem';
import { getEnsAddress, normalize } from 'viem/ens';
import type { Network } from '../../wire/networks.js';
import type { ResolvedName } from './identity.js';

/**
 * The ENS contracts of viem's mainnet, sepolia and holesky (send-ens.test.ts checks them against
 * viem/chains). Not imported from `viem/chains`: its index reaches every chain viem defines, Tempo's
 * among them, whose config imports `node:worker_threads` (through ox), and a dApp's Vite build
 * warns about a Node module in browser code.
 */
const UNIVERSAL_RESOLVER = { address: '0xeeeeeeee14d718c2b47d9923deab1335e144eeee' } as const;
export const ENS_CONTRACTS: Record<number, Chain['contracts']> = {
  1: { ensUniversalResolver: { ...UNIVERSAL_RESOLVER, blockCreated: 23_085_558 } },
  11155111: { ensUniversalResolver: { ...UNIVERSAL_RESOLVER, blockCreated: 8_928_790 } },
  17000: { ensUniversalResolver: { ...UNIVERSAL_RESOLVER, blockCreated: 4_295_055 } },
};

/** The viem chain for `network`: its own contracts when it carries them, else viem's ENS contracts, with the network's RPC. */
function chainOf(network: Network): Chain {
  const known = ENS_CONTRACTS[Number(network.id)];
  const own = (network as Network & { contracts?: Chain['contracts'] }).contracts;
  return {
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    contracts: { ...(known ?? {}), ...(own ?? {}) },
  } as Chain;
}

/** The address of an ENS name on `network`; null when the name has none. Rejects when the RPC fails. */
export async function resolveEnsName(name: string, network: Network): Promise<ResolvedName | null> {
  const chain = chainOf(network);
  const client = createPublicClient({ chain, transport: http(chain.rpcUrls.default.http[0], { retryCount: 1 }) });
  const address = await getEnsAddress(client, { name: normalize(name) });
  return address ? { name, address, avatar: undefined } : null;
}
