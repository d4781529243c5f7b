import { walletEntry } from '../../test-utils/wallet-entry.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONNECTOR_TYPE_ORDER } from '../../core/constants.js';
import type { Connector } from '../connection/connectors.js';
import type { RegistryWallet } from './wallet-list.js';
import { CONNECT_ROWS_NARROW, CONNECT_ROWS_WIDE, limitWalletRows, sortWalletRows, walletCountTag } from './wallet-rows.js';

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
  // One wallet on two namespaces (issue 28): EIP-6963 and Wallet Standard under one name.
  const devEvm: Connector = {
    id: 'dev.w3kit.wallet',
    type: 'ANNOUNCED',
    name: 'w3kit Dev Wallet',
    chain: 'eip155',
    rdns: 'dev.w3kit.wallet',
  };
  const devSol: Connector = { id: 'wallet-standard:w3kit dev wallet', type: 'ANNOUNCED', name: 'w3kit Dev Wallet', chain: 'solana' };
  const none = { featured: [], recommended: [] };
  const devRecent = (c: Connector) => ({ id: c.id, name: c.name });

  it('shows a wallet announced on two namespaces once: Recent twice, or Recent and Installed, is one row', () => {
    // Both namespaces were connected (an entry each, as stored before recents were told apart by wallet).
    const both = sortWalletRows([devEvm, devSol, metamaskConnector], order, [devRecent(devSol), devRecent(devEvm)], none);
    expect(ids(both)).toEqual(['c:wallet-standard:w3kit dev wallet', 'c:io.metamask']);
    expect(both[0]).toMatchObject({ tag: 'Recent' });
    // Only EVM was connected (then disconnected, or the app switched to Solana): one Recent row, no Installed one.
    for (const connectors of [
      [devEvm, devSol],
      [devSol, devEvm],
    ]) {
      const rows = sortWalletRows(connectors, order, [devRecent(devEvm)], none);
      expect(ids(rows)).toEqual(['c:dev.w3kit.wallet']);
      expect(rows[0]).toMatchObject({ tag: 'Recent' });
    }
    // Never connected: one Installed row.
    const fresh = sortWalletRows([devEvm, devSol], order, [], none);
    expect(fresh.map((r) => r.tag)).toEqual(['Installed']);
  });

  it("a recent entry of a namespace whose connector is not announced shows the wallet's other connector as Recent", () => {
    const rows = sortWalletRows([devEvm], order, [devRecent(devSol)], none);
    expect(ids(rows)).toEqual(['c:dev.w3kit.wallet']);
    expect(rows[0]).toMatchObject({ tag: 'Recent' });
  });

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

  it('puts recent wallets first after WalletConnect, connectors and WalletConnect registry wallets alike, in recency order; a gone connector shows nothing', () => {
    const wc: Connector = { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' };
    const recent = [
      { id: 'rainbow', name: 'Rainbow', imageUrl: 'http://127.0.0.1:4301/getWalletImage/rainbow', walletConnect: true },
      { id: 'io.metamask', name: 'MetaMask' },
      { id: 'gone.extension', name: 'Gone' },
      { id: 'safe', name: 'Safe', walletConnect: true },
    ];
    const rows = sortWalletRows([wc, metamaskConnector], order, recent, { featured: [entry('safe', 'Safe')], recommended: [] });
    expect(ids(rows)).toEqual(['c:walletConnect', 'w:rainbow', 'c:io.metamask', 'w:safe']);
    expect(rows.slice(1).map((r) => r.tag)).toEqual(['Recent', 'Recent', 'Recent']);
    // a recent wallet whose registry entry is not loaded still pairs by QR (no links known)
    const rainbow = rows[1];
    expect(rainbow?.kind === 'wallet' && rainbow.wallet).toMatchObject({
      name: 'Rainbow',
      imageUrl: recent[0]?.imageUrl,
      mobile_link: null,
    });
    // the featured entry is used when it is loaded, and appears once
    expect(rows[3]?.kind === 'wallet' && rows[3].wallet.imageUrl).toBe('http://127.0.0.1:4301/getWalletImage/safe');
  });

  it('shows a recent registry wallet that is now installed as its connector only', () => {
    const rows = sortWalletRows([metamaskConnector], order, [{ id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }], {
      featured: [],
      recommended: [],
    });
    expect(ids(rows)).toEqual(['c:io.metamask']);
  });
});

describe('the WalletConnect row and how many rows Connect shows', () => {
  const wc: Connector = { id: 'walletConnect', type: 'WALLET_CONNECT', name: 'WalletConnect', chain: 'eip155' };
  const registry = {
    featured: ['a', 'b', 'c', 'd'].map((id) => entry(id, id.toUpperCase())),
    recommended: ['e', 'f', 'g', 'h'].map((id) => entry(id, id.toUpperCase())),
  };

  it("tags the WalletConnect row 'QR code'", () => {
    const rows = sortWalletRows([wc, metamaskConnector], order, [], registry);
    expect(rows[0]).toMatchObject({ kind: 'connector', tag: 'QR code' });
  });

  it('shows a few rows, fewer when narrow: the page wallets first, registry wallets fill the rest', () => {
    const rows = sortWalletRows([wc, metamaskConnector, external], order, [], registry);
    expect(rows).toHaveLength(11);
    expect([CONNECT_ROWS_WIDE, CONNECT_ROWS_NARROW]).toEqual([5, 3]);
    expect(ids(limitWalletRows(rows, CONNECT_ROWS_WIDE))).toEqual(['c:walletConnect', 'c:io.metamask', 'w:a', 'w:b', 'c:ext']);
    expect(ids(limitWalletRows(rows, CONNECT_ROWS_NARROW))).toEqual(['c:walletConnect', 'c:io.metamask', 'c:ext']);
    const many = Array.from({ length: 7 }, (_, i): Connector => ({ id: `x${i}`, type: 'ANNOUNCED', name: `X${i}`, chain: 'eip155' }));
    expect(ids(limitWalletRows(sortWalletRows(many, order, [], registry), 3))).toEqual(['c:x0', 'c:x1', 'c:x2']);
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
