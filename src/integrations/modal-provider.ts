/**
 * One EIP-1193 provider for the modal's eip155 connection, whatever wallet made it (EIP-6963,
 * injected, WalletConnect, the embedded wallet): libraries that hold a provider (wagmi's
 * connector, ethers' BrowserProvider) hold this one, and it keeps following the modal.
 *
 * - `eth_accounts` and `eth_chainId` answer from the modal's state (no wallet round trip).
 * - `eth_requestAccounts` opens the modal when nothing is connected and resolves once a wallet
 *   connects; closing the modal first rejects with 4001.
 * - `wallet_switchEthereumChain` goes through `modal.switchNetwork`, so the modal follows; a chain
 *   the modal was not configured with is 4902, a malformed chainId -32602.
 * - `wallet_showCallsStatus` (EIP-5792) opens the modal's CallsStatus view on the batch.
 * - Everything else goes to the connected wallet's provider (EIP-5792's wallet_sendCalls and
 *   wallet_getCallsStatus too); with none, 4900 (disconnected).
 * - Events: `accountsChanged`, `chainChanged`, `connect`, `disconnect`, from the modal's account
 *   and state, each when it changes.
 */
import { assertChainId, parseCaipAddress, parseCaipNetworkId } from '../core/caip.js';
import { InvalidParamsRpcError, ProviderDisconnectedError, SwitchChainError, UserRejectedRequestError } from '../core/errors/rpc.js';
import type { W3ModalInstance } from '../instance.js';

export type ModalProviderEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect';
type Listener = (...args: unknown[]) => void;

export interface ModalEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
  on(event: ModalProviderEvent, listener: Listener): ModalEip1193Provider;
  removeListener(event: ModalProviderEvent, listener: Listener): ModalEip1193Provider;
  /** Stops following the modal and drops the listeners. */
  destroy(): void;
}

/** The connected eip155 addresses, the active one first; [] when not connected. */
export function modalAccounts(modal: W3ModalInstance): `0x${string}`[] {
  const account = modal.getAccount('eip155');
  if (!account.isConnected || !account.address) return [];
  const others = account.allAccounts.map((a) => a.address).filter((a) => a.toLowerCase() !== account.address!.toLowerCase());
  return [account.address, ...others] as `0x${string}`[];
}

/**
 * The eip155 chain id: the chain of the connected eip155 account (also an unsupported chain its
 * wallet is on, and also while another namespace is the active one), else the modal's selected
 * network when it is eip155; undefined otherwise.
 */
export function modalChainId(modal: W3ModalInstance): number | undefined {
  const caip = modal.getAccount('eip155').caipAddress;
  try {
    const { namespace, reference } = caip ? parseCaipAddress(caip) : parseCaipNetworkId(modal.getState().selectedNetworkId ?? '');
    return namespace === 'eip155' ? assertChainId(reference) : undefined;
  } catch {
    return undefined; // no id, or not a well-formed one
  }
}

/**
 * Opens the modal on Connect for eip155 unless connected, and resolves with the accounts once a
 * wallet connects; the modal closing first rejects with UserRejectedRequestError (4001).
 */
export function connectThroughModal(modal: W3ModalInstance): Promise<`0x${string}`[]> {
  const now = modalAccounts(modal);
  if (now.length) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    let opened = false;
    const stops: (() => void)[] = [];
    const end = (): void => stops.splice(0).forEach((stop) => stop());
    stops.push(
      modal.subscribeAccount(() => {
        const accounts = modalAccounts(modal);
        if (!accounts.length) return;
        end();
        resolve(accounts);
      }, 'eip155'),
      modal.subscribeState((state) => {
        if (state.open) opened = true;
        else if (opened && !modalAccounts(modal).length) {
          end();
          reject(new UserRejectedRequestError());
        }
      }),
    );
    modal.open({ view: 'Connect', namespace: 'eip155' }).catch((err: unknown) => {
      end();
      reject(err);
    });
  });
}

export function createModalProvider(modal: W3ModalInstance): ModalEip1193Provider {
  const listeners = new Map<ModalProviderEvent, Set<Listener>>();
  const emit = (event: ModalProviderEvent, ...args: unknown[]): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
  };
  let accounts = modalAccounts(modal);
  let chainId = modalChainId(modal);
  const hex = (n: number): string => `0x${n.toString(16)}`;

  /** One pass over the modal's state: `connect` (with the chain) or `chainChanged`, then `accountsChanged`, then `disconnect`. */
  const sync = (): void => {
    const nextAccounts = modalAccounts(modal);
    const nextChain = modalChainId(modal);
    const was = accounts;
    const accountsMoved = nextAccounts.join() !== was.join();
    const chainMoved = nextChain !== chainId;
    accounts = nextAccounts;
    chainId = nextChain;
    const connecting = !was.length && nextAccounts.length > 0;
    if (connecting && nextChain !== undefined) emit('connect', { chainId: hex(nextChain) });
    else if (chainMoved && nextChain !== undefined) emit('chainChanged', hex(nextChain));
    if (accountsMoved) emit('accountsChanged', nextAccounts);
    if (was.length && !nextAccounts.length) emit('disconnect', new ProviderDisconnectedError());
  };
  const stops = [modal.subscribeAccount(sync, 'eip155'), modal.subscribeState(sync)];

  const provider: ModalEip1193Provider = {
    async request({ method, params }) {
      if (method === 'eth_accounts') return modalAccounts(modal);
      if (method === 'eth_chainId') {
        const id = modalChainId(modal);
        if (id === undefined) throw new ProviderDisconnectedError();
        return hex(id);
      }
      if (method === 'eth_requestAccounts') return connectThroughModal(modal);
      if (method === 'wallet_switchEthereumChain') {
        const [{ chainId: wanted } = { chainId: undefined }] = (Array.isArray(params) ? params : []) as { chainId?: unknown }[];
        const id = typeof wanted === 'string' && /^0x[0-9a-fA-F]{1,14}$/.test(wanted) ? Number.parseInt(wanted, 16) : NaN;
        if (!Number.isSafeInteger(id) || id <= 0)
          throw new InvalidParamsRpcError(`Invalid chainId ${JSON.stringify(wanted)}: expected a 0x-prefixed hex string`);
        try {
          await modal.switchNetwork(`eip155:${id}`);
        } catch (err) {
          // EIP-3326: a chain the modal was not configured with is 4902 (unrecognized).
          if ((err as Error | undefined)?.name === 'NetworkNotFoundError')
            throw new SwitchChainError(`Chain ${wanted} is not one of the modal's networks`, { cause: err });
          throw err;
        }
        return null;
      }
      if (method === 'wallet_showCallsStatus') {
        const [id] = Array.isArray(params) ? (params as unknown[]) : [];
        if (typeof id !== 'string')
          throw new InvalidParamsRpcError('wallet_showCallsStatus expects [id], the id wallet_sendCalls answered');
        await modal.showCallsStatus(id);
        return null;
      }
      const wallet = modal.getWalletProvider('eip155');
      if (!wallet) throw new ProviderDisconnectedError();
      return wallet.request({ method, params } as Parameters<typeof wallet.request>[0]);
    },
    on(event, listener) {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    destroy() {
      stops.splice(0).forEach((stop) => stop());
      listeners.clear();
    },
  };
  return provider;
}
