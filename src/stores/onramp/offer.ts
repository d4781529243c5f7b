/**
 * What can be bought on the active network, per provider (issue 28): a purchase currency is on
 * offer when the options list it on the active network (an EVM chain by its chain id, another
 * namespace by its CAIP-2 reference) and the provider sells it there. The sandbox is the
 * Blockchain API itself: it sells only its assets (ETH on the backend's `--evm-rpc` chain) and
 * nothing while the API cannot be reached (sample options). Meld and Coinbase sell real money, so
 * never on a test or local chain. Pure functions: the store and the views share them.
 */
import type { OnrampNetwork, OnrampOptions, PurchaseCurrency } from '../../wire/onramp-api.js';
import type { Network } from '../../wire/networks.js';
import type { OnrampProvider } from './onramp-catalog.js';

/** Why a provider sells nothing on the active network; the view words it. */
export type Unavailable =
  /** No network is active (nothing is connected). */
  | { code: 'NO_NETWORK' }
  /** The options are the built-in samples: the sandbox (the Blockchain API) cannot be reached. */
  | { code: 'NO_SERVICE' }
  /** A real-money provider on a test or local chain. */
  | { code: 'TESTNET'; network: string }
  /** The provider sells nothing here; `elsewhere` names the networks it does sell on (maybe none). */
  | { code: 'NOT_HERE'; network: string; elsewhere: string[] };

export interface ProviderOffer {
  provider: OnrampProvider;
  /** The currencies it sells on the active network, each with only that network. */
  currencies: PurchaseCurrency[];
  /** Set when `currencies` is empty (and the options are known). */
  unavailable: Unavailable | undefined;
}

/** The options' network entry that is `network`, if any. */
export function matchNetwork(networks: readonly OnrampNetwork[], network: Network | undefined): OnrampNetwork | undefined {
  if (!network) return undefined;
  return networks.find((n) => n.chain_id !== '' && n.chain_id === String(network.id));
}

const sellsAsset = (provider: OnrampProvider, currency: PurchaseCurrency) => !provider.assets || provider.assets.includes(currency.id);

/**
 * What `provider` sells on `network` out of `options` (`source` 'sample' when they are the
 * built-in samples); `unavailable` says why when it is nothing.
 */
export function providerOffer(
  provider: OnrampProvider,
  options: OnrampOptions,
  source: 'api' | 'sample' | undefined,
  network: Network | undefined,
): ProviderOffer {
  const none = (unavailable: Unavailable): ProviderOffer => ({ provider, currencies: [], unavailable });
  if (!network) return none({ code: 'NO_NETWORK' });
  if (!provider.external && source !== 'api') return none({ code: 'NO_SERVICE' });
  if (!provider.testnets && network.testnet) return none({ code: 'TESTNET', network: network.name });
  const sold = options.purchaseCurrencies.filter((c) => sellsAsset(provider, c));
  const currencies = sold.flatMap((c) => {
    const here = matchNetwork(c.networks, network);
    return here ? [{ ...c, networks: [here] }] : [];
  });
  if (currencies.length > 0) return { provider, currencies, unavailable: undefined };
  const elsewhere = [...new Set(sold.flatMap((c) => c.networks.map((n) => n.display_name || n.name)))];
  return none({ code: 'NOT_HERE', network: network.name, elsewhere });
}
