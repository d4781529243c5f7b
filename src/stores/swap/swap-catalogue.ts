/**
 * The DEX's tokens of the active chain, their USD prices and the gas price (issue 19): a fetcher
 * store keyed by the chain (and the Blockchain API) that loads while the Swap views listen; an
 * answer for a chain since left is dropped. A chain the routes refuse shows their text
 * ('Network not supported for Swaps').
 */
import { computed } from 'nanostores';
import { LOCAL_SWAP_NETWORKS, SWAP_NETWORKS, type SwapToken } from '../../wire/convert-api.js';
import type { Network } from '../../wire/networks.js';
import { chainRules } from '../../chains/registry.js';
import { $options } from '../app/options.js';
import { createFetcherStore } from '../app/fetcher.js';
import { $activeNetwork } from '../network/networks.js';
import { getBlockchainApi } from '../portfolio/blockchain.js';
import { getSwapApi } from './swap-client.js';

export interface Catalogue {
  tokens: SwapToken[];
  /** USD prices by upper-case symbol. */
  prices: Record<string, number>;
  /** Wei per gas (the route's standard speed); undefined when it could not be read. */
  gasPrice: bigint | undefined;
}

/** Whether the Swap feature serves `network`: eip155 and one of the swap networks (or the local DEX chain). */
export const isSwapNetwork = (network: Network | undefined): boolean =>
  !!chainRules(network?.chainNamespace)?.features?.swap &&
  !!network &&
  (SWAP_NETWORKS.includes(network.caipNetworkId) || LOCAL_SWAP_NETWORKS.includes(network.caipNetworkId));

/** Reads the USD prices of the DEX's tokens (best effort: a token without one shows no fiat value). */
async function loadPrices(tokens: SwapToken[]): Promise<Record<string, number>> {
  const api = getBlockchainApi();
  if (!api || tokens.length === 0) return {};
  try {
    const prices = await api.getFungiblePrices(tokens.map((t) => t.address));
    // The reply names tokens by symbol only.
    const bySymbol: Record<string, number> = {};
    for (const p of prices) bySymbol[p.symbol.toUpperCase()] = p.price;
    return bySymbol;
  } catch {
    return {};
  }
}

const $swapChain = computed([$activeNetwork, $options], (network, options) =>
  isSwapNetwork(network) && options?.blockchainApiUrl && options.projectId ? network : undefined,
);

export const $catalogue = createFetcherStore<Catalogue, Network>($swapChain, {
  key: (network) => `${$options.get()?.blockchainApiUrl}|${network.caipNetworkId}`,
  lifetimeMs: 60_000,
  maxEntries: 8,
  fetcher: async (network) => {
    const api = getSwapApi();
    if (!api) throw new Error('No Blockchain API');
    const chainId = network.caipNetworkId;
    const [tokens, gasPrice] = await Promise.all([
      api.getTokens(chainId),
      api.getGasPrice(chainId).then(
        (g) => BigInt(g.standard),
        () => undefined,
      ),
    ]);
    return { tokens, gasPrice, prices: await loadPrices(tokens) };
  },
});

/** Forgets the loaded catalogues (tests). */
export const resetSwapCatalogue = (): void => $catalogue.reset();
