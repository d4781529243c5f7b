/**
 * Issue 28 item 1: connected on EVM and Solana with Localhost active, a reload restores both and
 * the stored active namespace and network win, whichever namespace's restore finishes first. Each
 * namespace's wallet is the in-memory test chain wallet (test/fixtures/test-chain-adapter.ts)
 * behind the real session module; each restore resolves when the test says, so the order is
 * fixed, not left to timing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdapterSession, ChainAdapter } from '../../chains/types.js';
import type { ChainNamespace } from '../../core/caip.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { networks } from '../../wire/networks.js';
import { createTestChainWallet, testChainAdapter, type TestChainWallet } from '../../../test/fixtures/test-chain-adapter.js';
import type { W3Event } from '../app/events.js';

type Gate = { release: () => void; fail: () => void };

const SOL_REF = String(networks.solanaLocal.id);

async function setUp() {
  vi.resetModules();
  const table = await import('../../chains/registry.js');
  const options = await import('../app/options.js');
  const storageModule = await import('../app/storage.js');
  const nets = await import('../network/networks.js');
  const connectors = await import('./connectors.js');
  const account = await import('./account.js');
  const events = await import('../app/events.js');
  const session = await import('./session.js');
  options.setOptions({ networks: [networks.localhost, networks.solanaLocal] });
  const gates = new Map<ChainNamespace, Gate>();
  const wallets: Partial<Record<ChainNamespace, TestChainWallet>> = {};
  for (const [namespace, chainId] of [
    ['eip155', '31337'],
    ['solana', SOL_REF],
  ] as const) {
    const wallet = createTestChainWallet(`${namespace} wallet`, chainId);
    wallet.authorised = true;
    wallets[namespace] = wallet;
    const base = testChainAdapter(namespace);
    // The restore waits for the test's word: release() answers as the wallet would, fail() as a gone wallet.
    const adapter: ChainAdapter<TestChainWallet> = {
      ...base,
      restore: (w, network) =>
        new Promise<AdapterSession>((resolve, reject) =>
          gates.set(namespace, {
            release: () => resolve(base.restore(w, network)),
            fail: () => reject(new Error('gone')),
          }),
        ),
    };
    table.registerAdapter({ namespace, load: async () => adapter as ChainAdapter });
    connectors.setConnectorProvider(namespace, `test-chain:${wallet.name}`, wallet);
  }
  const { storage } = storageModule;
  storage.set('connectedConnectorIds', { solana: 'test-chain:solana wallet', eip155: 'test-chain:eip155 wallet' });
  storage.set('connectedNamespaces', ['solana', 'eip155']);
  storage.set('activeNetworks', { eip155: 'eip155:31337', solana: networks.solanaLocal.caipNetworkId });
  // Localhost was chosen last (the Networks view stores it): the stored active namespace is eip155.
  storage.set('activeNamespace', 'eip155');
  nets.initNetworks();
  const seen: W3Event[] = [];
  const stop = events.$lastEvent.listen((e) => e && seen.push(e));
  const restoring = {
    eip155: session.restoreConnection('eip155'),
    solana: session.restoreConnection('solana'),
  };
  // Both restores are waiting on their wallets.
  await vi.waitFor(() => expect(gates.size).toBe(2));
  return { nets, account, restoring, gates, seen, stop, wallets };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('restoring EVM and Solana with Localhost active', () => {
  it('keeps Localhost active when the Solana restore finishes first', async () => {
    const { nets, account, restoring, gates, stop } = await setUp();
    gates.get('solana')!.release();
    expect(await restoring.solana).toBe(true);
    // Solana is back, EVM still restoring: the active namespace waits for it.
    expect(nets.$activeNamespace.get()).toBe('eip155');
    gates.get('eip155')!.release();
    expect(await restoring.eip155).toBe(true);
    expect(nets.$activeNamespace.get()).toBe('eip155');
    expect(nets.$activeNetwork.get()?.caipNetworkId).toBe('eip155:31337');
    expect(account.getAccountState('solana').status).toBe('connected');
    expect(account.getAccountState('eip155').status).toBe('connected');
    stop();
  });

  it('keeps Localhost active when the EVM restore finishes first', async () => {
    const { nets, restoring, gates, stop } = await setUp();
    gates.get('eip155')!.release();
    await restoring.eip155;
    gates.get('solana')!.release();
    await restoring.solana;
    expect(nets.$activeNamespace.get()).toBe('eip155');
    expect(nets.$activeNetwork.get()?.caipNetworkId).toBe('eip155:31337');
    stop();
  });

  it('hands the active role to Solana when the EVM wallet is gone after the reload', async () => {
    const { nets, account, restoring, gates, stop } = await setUp();
    gates.get('solana')!.release();
    await restoring.solana;
    gates.get('eip155')!.fail();
    expect(await restoring.eip155).toBe(false);
    expect(account.getAccountState('eip155').status).toBe('disconnected');
    expect(nets.$activeNamespace.get()).toBe('solana');
    stop();
  });

  it("says in each restore's CONNECT_SUCCESS that it was restored", async () => {
    const { restoring, gates, seen, stop } = await setUp();
    gates.get('eip155')!.release();
    gates.get('solana')!.release();
    await Promise.all([restoring.eip155, restoring.solana]);
    const connects = seen.filter((e) => e.type === 'CONNECT_SUCCESS');
    expect(connects.map((e) => [e.data['namespace'], e.data['restored']]).sort()).toEqual([
      ['eip155', true],
      ['solana', true],
    ]);
    stop();
  });
});
