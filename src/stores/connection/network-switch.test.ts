import { errorText } from '../../core/errors.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UserRejectedRequestError, W3Error } from '../../core/errors.js';
import { networks, type Network } from '../../wire/networks.js';
import type { ChainAdapter } from '../../chains/types.js';
import { setLiveSession } from './session-state.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { $accounts, EMPTY_ACCOUNT, patchAccount } from './account.js';
import { $activeConnectorIds, $connectors } from './connectors.js';
import type { W3Event } from '../app/events.js';
import { $modal, openModalOn } from '../ui/modal.js';
import { chooseNetwork, decideNetworkChange, performSwitch, switchNetwork, type NetworkChangeInput } from './network-switch.js';
import { $activeNamespace, $activeNetwork, $activeNetworkIds, $unknownNetwork, initNetworks } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $router, pushView, resetRouter } from '../ui/router.js';
import { storage } from '../app/storage.js';
import { $toast, hideToast } from '../ui/toast.js';
import { recordEvents } from '../../test-utils/events.js';
import { solanaMainnet } from '../../test-utils/networks.js';

/**
 * The connected eip155 wallet's answer to a switch: a live session whose adapter's switchNetwork
 * runs `switcher` (a stand-in adapter, named as such: the wallet side of switching is covered by
 * the eip155 adapter's tests and the e2e suites).
 */
function registerWalletSwitcher(switcher?: (network: Network) => Promise<void>): void {
  if (!switcher) return setLiveSession('eip155', undefined);
  const adapter = { switchNetwork: (_provider: unknown, network: Network) => switcher(network) } as unknown as ChainAdapter;
  setLiveSession('eip155', { namespace: 'eip155', connectorId: 'io.metamask', provider: {}, adapter, stopEvents: () => undefined });
}

/** A toast message showing `error`'s text (the English the elements show for it). */
const errorShowing = (text: string) => ({ code: 'ERROR', error: { asymmetricMatch: (err: unknown) => errorText(err) === text } });

const solana = solanaMainnet;

let events: W3Event[];
let stopEvents: () => void;

function connectEvm(): void {
  patchAccount('eip155', { ...EMPTY_ACCOUNT, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', status: 'connected' });
  $activeConnectorIds.setKey('eip155', 'io.metamask');
  $connectors.set([{ id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155' }]);
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  registerWalletSwitcher(undefined);
  $modal.set({ open: false, loading: {}, shake: false, closeBlocked: false, shownView: undefined });
  resetRouter();
  resetOptions();
  $accounts.set({});
  $connectors.set([]);
  $activeConnectorIds.set({});
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  $unknownNetwork.set(undefined);
  setOptions({ networks: [networks.mainnet, networks.polygon, networks.base, solana] });
  initNetworks();
  hideToast();
  ({ events, stop: stopEvents } = recordEvents());
});

afterEach(() => {
  stopEvents();
  registerWalletSwitcher(undefined);
  hideToast();
  vi.unstubAllGlobals();
});

describe('decideNetworkChange (spec section 2)', () => {
  const base = (over: Partial<NetworkChangeInput>): NetworkChangeInput => ({
    target: networks.polygon,
    active: networks.mainnet,
    activeNamespace: 'eip155',
    addresses: { eip155: '0xabc' },
    connectorType: 'ANNOUNCED',
    ...over,
  });

  it('does nothing when the target is the active network', () => {
    expect(decideNetworkChange(base({ target: networks.mainnet }))).toBe('none');
    expect(decideNetworkChange(base({ target: networks.mainnet, forced: true }))).toBe('none');
  });
  it('opens SwitchNetwork when forced', () => {
    expect(decideNetworkChange(base({ forced: true, addresses: {} }))).toBe('SwitchNetwork');
  });
  it('opens SwitchNetwork for the auth connector with an eip155 or solana target', () => {
    expect(decideNetworkChange(base({ connectorType: 'AUTH' }))).toBe('SwitchNetwork');
    expect(decideNetworkChange(base({ connectorType: 'AUTH', target: solana }))).toBe('SwitchNetwork');
  });
  it('opens SwitchActiveChain when the target namespace differs and has no address', () => {
    expect(decideNetworkChange(base({ target: solana }))).toBe('SwitchActiveChain');
  });
  it('opens SwitchNetwork when the other namespace already has an address', () => {
    expect(decideNetworkChange(base({ target: solana, addresses: { eip155: '0xabc', solana: 'So1' } }))).toBe('SwitchNetwork');
  });
  it('opens SwitchNetwork otherwise', () => {
    expect(decideNetworkChange(base({}))).toBe('SwitchNetwork');
  });
  it('sets the network directly with no wallet connected', () => {
    expect(decideNetworkChange(base({ addresses: {} }))).toBe('direct');
    expect(decideNetworkChange(base({ addresses: {}, target: solana }))).toBe('direct');
  });
});

describe('switchNetwork', () => {
  it('switches directly without a connected wallet', async () => {
    await expect(switchNetwork('eip155:137')).resolves.toEqual(networks.polygon);
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:137');
    expect(storage.get('activeNetworks')?.eip155).toBe('eip155:137');
    expect(events.map((e) => e.type)).toEqual(['NETWORK_CHANGE']);
  });

  it('asks the connected wallet first, then switches', async () => {
    connectEvm();
    const calls: string[] = [];
    registerWalletSwitcher(async (network) => {
      calls.push(`wallet:${network.caipNetworkId}:active=${$activeNetwork.get()?.caipNetworkId}`);
    });
    await switchNetwork(networks.base);
    expect(calls).toEqual(['wallet:eip155:8453:active=eip155:1']);
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:8453');
  });

  it('keeps the network when the wallet refuses', async () => {
    connectEvm();
    registerWalletSwitcher(async () => {
      throw new UserRejectedRequestError();
    });
    await expect(switchNetwork('eip155:137')).rejects.toMatchObject({ code: 4001 });
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:1');
  });

  it('does nothing for the active network and throws Network Not Found for others', async () => {
    const switcher = vi.fn(async () => undefined);
    registerWalletSwitcher(switcher);
    await switchNetwork('eip155:1');
    expect(switcher).not.toHaveBeenCalled();
    await expect(switchNetwork('eip155:42161')).rejects.toMatchObject({ shortMessage: 'Network Not Found' });
  });
});

describe('chooseNetwork and performSwitch', () => {
  it('sets the network directly and goes back when no wallet is connected', async () => {
    openModalOn('Account');
    pushView('Networks');
    await chooseNetwork('eip155:137');
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:137');
    expect($router.get().view).toBe('Account');
  });

  it('opens SwitchNetwork for a connected wallet; success leaves the switching views', async () => {
    connectEvm();
    registerWalletSwitcher(async () => undefined);
    openModalOn('Account');
    pushView('Networks');
    await chooseNetwork('eip155:8453');
    expect($router.get().view).toBe('SwitchNetwork');
    expect($router.get().data).toMatchObject({ network: 'eip155:8453', title: 'Base' });
    await performSwitch('eip155:8453');
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:8453');
    expect($router.get().history).toEqual(['Account']);
  });

  it('closes the modal after a switch started from the network button', async () => {
    connectEvm();
    registerWalletSwitcher(async () => undefined);
    openModalOn('Networks');
    await chooseNetwork('eip155:137');
    await performSwitch('eip155:137');
    expect($modal.get().open).toBe(false);
  });

  it('a failed switch goes back one view and shows the wallet error', async () => {
    connectEvm();
    registerWalletSwitcher(async () => {
      throw new W3Error('User rejected the request.', { code: 4001 });
    });
    openModalOn('Account');
    pushView('Networks');
    await chooseNetwork('eip155:137');
    await expect(performSwitch('eip155:137')).rejects.toThrow();
    expect($router.get().view).toBe('Networks');
    expect($toast.get()).toMatchObject({ open: true, variant: 'error', message: errorShowing('User rejected the request.') });
    expect($activeNetwork.get()?.caipNetworkId).toBe('eip155:1');
  });

  it('opens SwitchActiveChain for a namespace without a wallet', async () => {
    connectEvm();
    $activeNamespace.set('eip155');
    openModalOn('Networks');
    await chooseNetwork(solana.caipNetworkId);
    expect($router.get().view).toBe('SwitchActiveChain');
  });

  it('shows Network Not Found for an unconfigured network', async () => {
    await chooseNetwork('eip155:42161');
    expect($toast.get()).toMatchObject({ variant: 'error', message: errorShowing('Network Not Found') });
  });
});
