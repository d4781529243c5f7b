/**
 * The modal provider with a real instance and its stores, with the eip155 and Solana namespaces
 * connected at once (the stores set as the sessions set them): it keeps answering for the eip155
 * connection while Solana is the active namespace. The single-wallet flows (connect through the
 * modal, forwarding, switching, disconnect) run end to end in test/e2e/ethers.test.ts.
 */
import { expect } from 'chai';
import { createW3Modal, networks } from '../index.js';
import { $accounts, patchAccount } from '../stores/connection/account.js';
import { $activeNamespace, $activeNetworkIds } from '../stores/network/networks.js';
import { createModalProvider } from './modal-provider.js';
import { offlineLocal } from '../test-utils/networks.js';

const A0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';

describe('createModalProvider with two namespaces', () => {
  after(() => {
    $accounts.set({});
  });

  it('answers for the eip155 connection while Solana is active, with one event per change', async () => {
    const modal = createW3Modal({ networks: [offlineLocal.localhost, offlineLocal.localhost2, networks.solanaDevnet] });
    const provider = createModalProvider(modal);
    const log: [string, unknown][] = [];
    for (const event of ['accountsChanged', 'chainChanged', 'connect', 'disconnect'] as const)
      provider.on(event, (arg: unknown) => log.push([event, arg instanceof Error ? (arg as { code?: number }).code : arg]));

    // The modal selects chain 31338 (chainChanged, before any connection), and the EVM wallet connects on it.
    $activeNetworkIds.setKey('eip155', 'eip155:31338');
    $activeNamespace.set('eip155');
    expect(log).to.deep.equal([['chainChanged', '0x7a6a']]);
    log.length = 0;
    patchAccount('eip155', {
      address: A0,
      caipAddress: `eip155:31338:${A0}`,
      status: 'connected',
      allAccounts: [{ namespace: 'eip155', address: A0, type: 'eoa' }],
    });
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x7a6a');
    expect(log).to.deep.equal([
      ['connect', { chainId: '0x7a6a' }],
      ['accountsChanged', [A0]],
    ]);

    // A Solana wallet connects too and becomes the active namespace: eip155 answers stay.
    $activeNetworkIds.setKey('solana', networks.solanaDevnet.caipNetworkId);
    patchAccount('solana', {
      address: SOL,
      caipAddress: `${networks.solanaDevnet.caipNetworkId}:${SOL}`,
      status: 'connected',
      allAccounts: [{ namespace: 'solana', address: SOL, type: 'eoa' }],
    });
    $activeNamespace.set('solana');
    expect(modal.getState().selectedNetworkId).to.equal(networks.solanaDevnet.caipNetworkId);
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x7a6a');
    expect(await provider.request({ method: 'eth_accounts' })).to.deep.equal([A0]);
    expect(log).to.have.length(2);

    // The EVM wallet moves to 31337 meanwhile: chainChanged once.
    patchAccount('eip155', { caipAddress: `eip155:31337:${A0}` });
    expect(await provider.request({ method: 'eth_chainId' })).to.equal('0x7a69');
    expect(log.slice(2)).to.deep.equal([['chainChanged', '0x7a69']]);

    // The EVM wallet disconnects: accountsChanged [] and disconnect, once each; Solana stays.
    patchAccount('eip155', { address: undefined, caipAddress: undefined, status: 'disconnected', allAccounts: [] });
    expect(log.slice(3)).to.deep.equal([
      ['accountsChanged', []],
      ['disconnect', 4900],
    ]);
    let code: number | undefined;
    await provider.request({ method: 'eth_chainId' }).catch((e: { code?: number }) => (code = e.code));
    expect(code).to.equal(4900);
    expect(modal.getAccount('solana').isConnected).to.equal(true);
    provider.destroy();
  });
});
