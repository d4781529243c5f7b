import type { Network } from '../core/networks.js';
import { goBack } from './navigation.js';
import { $activeNetwork, findNetwork, setActiveNetwork } from './networks.js';
import { showError } from './toast.js';

/** Asks the connected wallet to switch (registered by the adapters); absent when none is connected. */
type WalletSwitcher = (network: Network) => Promise<void>;
let walletSwitcher: WalletSwitcher | undefined;

export function registerWalletSwitcher(switcher: WalletSwitcher | undefined): void {
  walletSwitcher = switcher;
}

/**
 * Switches to a configured network: through the wallet when one is connected, else directly.
 * Nothing happens when it is already active.
 */
export async function switchNetwork(idOrNetwork: string | Network): Promise<Network> {
  const network = findNetwork(idOrNetwork);
  if (!network) return setActiveNetwork(idOrNetwork); // throws 'Network Not Found'
  if ($activeNetwork.get()?.caipNetworkId === network.caipNetworkId) return network;
  if (walletSwitcher) await walletSwitcher(network);
  return setActiveNetwork(network.caipNetworkId);
}

/** The Networks view's choice: switch, then go back; a failure shows the error and stays. */
export async function chooseNetwork(caipNetworkId: string): Promise<void> {
  try {
    await switchNetwork(caipNetworkId);
    goBack();
  } catch (err) {
    showError(
      err && typeof err === 'object' && 'shortMessage' in err
        ? String(err.shortMessage)
        : err instanceof Error
          ? err.message
          : 'An error occurred',
    );
  }
}
