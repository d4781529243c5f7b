/**
 * ENS resolution of a send's receiver (lazy: loaded only for a `*.eth` name on a chain with
 * ENS): viem's getEnsAddress through the chain's Universal Resolver, over the network's RPC.
 */
import { createPublicClient, http, type Chain } from 'viem';
import { holesky, mainnet, sepolia } from 'viem/chains';
import { getEnsAddress, normalize } from 'viem/ens';
import type { Network } from '../../wire/networks.js';
import type { ResolvedName } from '../portfolio/identity.js';

const KNOWN: Record<number, Chain> = { [mainnet.id]: mainnet, [sepolia.id]: sepolia, [holesky.id]: holesky };

/** The viem chain for `network`: its own contracts when it carries them, else viem's definition, with the network's RPC. */
function chainOf(network: Network): Chain {
  const base = KNOWN[Number(network.id)];
  const own = (network as Network & { contracts?: Chain['contracts'] }).contracts;
  return {
    ...(base ?? {}),
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    contracts: { ...(base?.contracts ?? {}), ...(own ?? {}) },
  } as Chain;
}

/** The address of an ENS name on `network`; null when the name has none. Rejects when the RPC fails. */
export async function resolveEnsName(name: string, network: Network): Promise<ResolvedName | null> {
  const chain = chainOf(network);
  const client = createPublicClient({ chain, transport: http(chain.rpcUrls.default.http[0], { retryCount: 1 }) });
  const address = await getEnsAddress(client, { name: normalize(name) });
  return address ? { name, address, avatar: undefined } : null;
}
