import { beforeEach, describe, expect, it } from 'vitest';
import {
  $activeConnectorIds,
  $connectedWallet,
  $connections,
  $connectors,
  addConnectors,
  connectorStatus,
  onePerWallet,
  removeConnector,
  type Connector,
} from './connectors.js';

const metamask: Connector = { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155', rdns: 'io.metamask' };
const injected: Connector = { id: 'injected', type: 'INJECTED', name: 'Browser Wallet', chain: 'eip155' };
const walletConnect: Connector = { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' };

beforeEach(() => {
  $connectors.set([]);
  $connections.set({});
  $activeConnectorIds.set({});
  $connectedWallet.set(undefined);
});

describe('addConnectors', () => {
  it('adds connectors in order', () => {
    addConnectors([metamask, injected]);
    addConnectors([walletConnect]);
    expect($connectors.get()).toEqual([metamask, injected, walletConnect]);
  });

  it('keeps only the first connector per name and chain', () => {
    addConnectors([metamask]);
    const duplicate: Connector = { id: 'metamask-injected', type: 'INJECTED', name: 'MetaMask', chain: 'eip155' };
    addConnectors([duplicate]);
    expect($connectors.get()).toEqual([metamask]);
  });

  it('compares names case-insensitively', () => {
    addConnectors([metamask, { id: 'other', type: 'EXTERNAL', name: 'METAMASK', chain: 'eip155' }]);
    addConnectors([{ id: 'other2', type: 'EXTERNAL', name: 'metamask', chain: 'eip155' }]);
    expect($connectors.get().map((c) => c.id)).toEqual(['io.metamask']);
  });

  it('keeps the same name on another chain', () => {
    const solanaMetaMask: Connector = { ...metamask, id: 'mm-sol', chain: 'solana' };
    addConnectors([metamask, solanaMetaMask]);
    expect($connectors.get().map((c) => c.id)).toEqual(['io.metamask', 'mm-sol']);
  });

  it('dedupes within one call', () => {
    addConnectors([injected, { ...injected, id: 'injected-2' }]);
    expect($connectors.get().map((c) => c.id)).toEqual(['injected']);
  });
});

describe('removeConnector', () => {
  it('removes by id', () => {
    addConnectors([metamask, injected]);
    removeConnector('io.metamask');
    expect($connectors.get()).toEqual([injected]);
    removeConnector('nope');
    expect($connectors.get()).toEqual([injected]);
  });

  it('lets a removed connector be added again', () => {
    addConnectors([metamask]);
    removeConnector(metamask.id);
    addConnectors([{ ...metamask, id: 'mm2' }]);
    expect($connectors.get().map((c) => c.id)).toEqual(['mm2']);
  });
});

describe('connectorStatus', () => {
  it('is connected for the active connector, active for a known connection, else disconnected', () => {
    $activeConnectorIds.setKey('eip155', 'io.metamask');
    $connections.setKey('eip155', [
      { connectorId: 'io.metamask', accounts: [{ address: '0x1', type: 'eoa' }] },
      { connectorId: 'walletConnect', accounts: [{ address: '0x2', type: 'eoa' }] },
    ]);
    expect(connectorStatus('eip155', 'io.metamask')).toBe('connected');
    expect(connectorStatus('eip155', 'walletConnect')).toBe('active');
    expect(connectorStatus('eip155', 'injected')).toBe('disconnected');
  });

  it('is per namespace', () => {
    $activeConnectorIds.setKey('eip155', 'io.metamask');
    $connections.setKey('eip155', [{ connectorId: 'walletConnect', accounts: [] }]);
    expect(connectorStatus('solana', 'io.metamask')).toBe('disconnected');
    expect(connectorStatus('solana', 'walletConnect')).toBe('disconnected');
  });

  it('is disconnected with nothing known', () => {
    expect(connectorStatus('eip155', 'io.metamask')).toBe('disconnected');
  });
});

describe('onePerWallet', () => {
  it('keeps one connector per wallet: the same name on two namespaces is one wallet, WalletConnect its own', () => {
    const devEvm: Connector = { id: 'dev.w3kit.wallet', type: 'ANNOUNCED', name: 'w3kit Dev Wallet', chain: 'eip155' };
    const devSol: Connector = { id: 'wallet-standard:w3kit dev wallet', type: 'ANNOUNCED', name: 'w3kit Dev Wallet', chain: 'solana' };
    const wcNamed: Connector = { ...walletConnect, id: 'wc2', name: 'w3kit Dev Wallet' };
    expect(onePerWallet([devEvm, metamask, devSol, wcNamed])).toEqual([devEvm, metamask, wcNamed]);
    // The preferred namespace's connector stands for the wallet, in the wallet's first place.
    expect(onePerWallet([devEvm, metamask, devSol], 'solana')).toEqual([devSol, metamask]);
  });
});
