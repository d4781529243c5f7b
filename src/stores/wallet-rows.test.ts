import { walletEntry } from '../test-utils/wallet-entry.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTOR_TYPE_ORDER } from '../core/constants.js';
import type { Connector } from './connectors.js';
import type { RegistryWallet } from './wallet-list.js';
import { sortWalletRows, walletCountTag } from './wallet-rows.js';

const entry = (id: string, name: string, rdns: string | null = null): RegistryWallet => ({
  ...walletEntry(id, { name, rdns, injected: rdns ? [{ namespace: 'eip155', injected_id: rdns }] : null }),
  imageUrl: `http://127.0.0.1:4301/getWalletImage/${id}`,
});

const metamaskConnector: Connector = { id: 'io.metamask', type: 'ANNOUNCED', name: 'MetaMask', chain: 'eip155', rdns: 'io.metamask' };
const external: Connector = { id: 'ext', type: 'EXTERNAL', name: 'External', chain: 'eip155' };
const order = [...DEFAULT_CONNECTOR_TYPE_ORDER];

const ids = (rows: ReturnType<typeof sortWalletRows>) =>
  rows.map((r) => (r.kind === 'connector' ? `c:${r.connector.id}` : `w:${r.wallet.id}`));

describe('sortWalletRows', () => {
  it('puts featured and recommended registry wallets in their groups of the connector type order', () => {
    const rows = sortWalletRows([metamaskConnector, external], order, [], {
      featured: [entry('safe', 'Safe'), entry('ledger', 'Ledger')],
      recommended: [entry('okx', 'OKX Wallet')],
    });
    // walletConnect, recent, injected, featured, custom, external, recommended
    expect(ids(rows)).toEqual(['c:io.metamask', 'w:safe', 'w:ledger', 'c:ext', 'w:okx']);
    expect(rows[0]).toMatchObject({ tag: 'Installed' });
  });

  it('shows an installed registry wallet once, as its connector (matched by rdns)', () => {
    const rows = sortWalletRows([metamaskConnector], order, [], {
      featured: [entry('metamask', 'MetaMask', 'io.metamask'), entry('safe', 'Safe')],
      recommended: [entry('safe', 'Safe')],
    });
    expect(ids(rows)).toEqual(['c:io.metamask', 'w:safe']);
  });

  it('follows a custom order', () => {
    const rows = sortWalletRows([metamaskConnector], ['recommended', 'injected', 'featured'], [], {
      featured: [entry('safe', 'Safe')],
      recommended: [entry('okx', 'OKX Wallet')],
    });
    expect(ids(rows)).toEqual(['w:okx', 'c:io.metamask', 'w:safe']);
  });
});

describe('walletCountTag', () => {
  it('rounds down to tens with a plus past ten', () => {
    expect(walletCountTag(0)).toBeUndefined();
    expect(walletCountTag(7)).toBe('7');
    expect(walletCountTag(10)).toBe('10');
    expect(walletCountTag(1000)).toBe('1000+');
    expect(walletCountTag(996)).toBe('990+');
  });
});
