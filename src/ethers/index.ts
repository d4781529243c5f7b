/**
 * `w3kit/ethers`: ethers v6 over the modal's eip155 connection, whatever wallet made it.
 *
 *   const provider = getEthersProvider(modal);        // BrowserProvider, follows chain changes
 *   const signer = await getEthersSigner(modal);      // JsonRpcSigner of the connected account
 *   await signer.sendTransaction({ to, value: parseEther('0.1') });
 *
 * The provider wraps `createModalProvider(modal)` (src/integrations/modal-provider.ts): one
 * EIP-1193 provider that keeps following the modal, so this BrowserProvider stays valid across
 * wallet, account and chain changes (its network is 'any': `getNetwork()` answers the current
 * chain). A signer holds one address: ask `getEthersSigner` again after an account change.
 * ethers is an optional peer dependency, loaded only by this entry.
 */
import { BrowserProvider, type JsonRpcSigner, type Network } from 'ethers';
import { MissingConfigError } from '../core/errors/config.js';
import { NotConnectedError } from '../core/errors/wallet.js';
import type { W3ModalInstance } from '../instance.js';
import { createModalProvider, modalAccounts, modalChainId } from '../integrations/modal-provider.js';

const providers = new WeakMap<W3ModalInstance, BrowserProvider>();

/**
 * ethers' 'any' network notices a chain change on a getNetwork() call but answers that call with
 * the network it knew (it emits 'network' and answers the next call with the new one). This one
 * answers with the chain the modal is on now.
 */
class ModalBrowserProvider extends BrowserProvider {
  readonly #modal: W3ModalInstance;
  constructor(modal: W3ModalInstance) {
    super(createModalProvider(modal), 'any');
    this.#modal = modal;
  }
  override async getNetwork(): Promise<Network> {
    const network = await super.getNetwork();
    const now = modalChainId(this.#modal);
    return now === undefined || network.chainId === BigInt(now) ? network : super.getNetwork();
  }
}

/** The ethers v6 BrowserProvider of `modal`'s eip155 connection (one per modal; it follows chain changes). */
export function getEthersProvider(modal: W3ModalInstance): BrowserProvider {
  if (!modal || typeof modal.getAccount !== 'function' || typeof modal.subscribeAccount !== 'function')
    throw new MissingConfigError(
      `getEthersProvider(modal): modal must be the instance createW3Modal returned, got ${modal === null ? 'null' : typeof modal}`,
    );
  let provider = providers.get(modal);
  if (!provider) {
    provider = new ModalBrowserProvider(modal);
    providers.set(modal, provider);
  }
  return provider;
}

/**
 * An ethers v6 JsonRpcSigner for the connected eip155 account (the active one). Rejects with
 * NotConnectedError when no eip155 account is connected: it never opens the modal by itself.
 */
export async function getEthersSigner(modal: W3ModalInstance): Promise<JsonRpcSigner> {
  const provider = getEthersProvider(modal);
  const [address] = modalAccounts(modal);
  if (!address) throw new NotConnectedError('getEthersSigner: no eip155 account is connected; connect a wallet first (modal.open())');
  return provider.getSigner(address);
}
