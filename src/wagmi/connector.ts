/**
 * The wagmi connector for the modal's eip155 connection (id, name and type 'w3kit'): every
 * wallet the modal connects (EIP-6963, injected, WalletConnect, the embedded wallet) reaches
 * wagmi through it, as its provider forwards to `modal.getWalletProvider('eip155')`. Changes
 * flow both ways: the modal connecting, switching or disconnecting on its own reaches wagmi
 * through the connector's emitter; wagmi's connect, switchChain and disconnect act on the modal.
 */
import { ChainNotConfiguredError, createConnector } from 'wagmi';
import type { Address } from 'viem';
import { ProviderDisconnectedError } from '../core/errors.js';
import { connectThroughModal, modalAccounts, modalChainId, type ModalEip1193Provider } from '../integrations/modal-provider.js';
import type { ModalBinding } from './binding.js';
import { restoreSettled } from './restore.js';

export const W3KIT_CONNECTOR_ID = 'w3kit';

export function w3kitConnector(binding: ModalBinding) {
  return createConnector<ModalEip1193Provider>((config) => {
    // Whether the modal had an eip155 account at its last event: a change from none is a 'connect'.
    let had = false;
    const chainIdOf = async (): Promise<number> => {
      const id = modalChainId((await binding.ready()).modal);
      if (id === undefined) throw new ProviderDisconnectedError();
      return id;
    };

    return {
      id: W3KIT_CONNECTOR_ID,
      name: 'w3kit',
      type: 'w3kit',

      async setup() {
        binding.onAttach(({ modal, provider }) => {
          had = modalAccounts(modal).length > 0;
          provider.on('accountsChanged', (accounts) => this.onAccountsChanged(accounts as string[]));
          provider.on('chainChanged', (chainId) => this.onChainChanged(chainId as string));
        });
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        const { modal } = await binding.ready();
        const accounts = isReconnecting ? modalAccounts(modal) : await connectThroughModal(modal);
        if (!accounts.length) throw new ProviderDisconnectedError();
        let current = modalChainId(modal);
        if (chainId !== undefined && chainId !== current) {
          await modal.switchNetwork(`eip155:${chainId}`);
          current = chainId;
        }
        if (current === undefined) throw new ProviderDisconnectedError();
        had = true;
        const list = withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts;
        return { accounts: list as never, chainId: current };
      },

      async disconnect() {
        await (await binding.ready()).modal.disconnect('eip155');
      },

      async getAccounts() {
        return modalAccounts((await binding.ready()).modal) as readonly Address[];
      },

      getChainId: chainIdOf,

      async getProvider() {
        return (await binding.ready()).provider;
      },

      async isAuthorized() {
        const bound = await binding.ready().catch(() => undefined);
        if (!bound) return false;
        await restoreSettled(bound.modal);
        return modalAccounts(bound.modal).length > 0;
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId);
        if (!chain) throw new ChainNotConfiguredError();
        await (await binding.ready()).modal.switchNetwork(`eip155:${chainId}`);
        config.emitter.emit('change', { chainId });
        return chain;
      },

      onAccountsChanged(accounts) {
        const next = accounts as Address[];
        if (!next.length) {
          had = false;
          config.emitter.emit('disconnect');
          return;
        }
        const chainId = binding.bound ? modalChainId(binding.bound.modal) : undefined;
        // wagmi takes a 'connect' only while it is not connected through this connector (nor connecting).
        if (!had && chainId !== undefined) config.emitter.emit('connect', { accounts: next, chainId });
        else config.emitter.emit('change', { accounts: next });
        had = true;
      },

      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) });
      },

      onDisconnect() {
        had = false;
        config.emitter.emit('disconnect');
      },
    };
  });
}
