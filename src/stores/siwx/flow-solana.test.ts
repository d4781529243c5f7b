/** Sign in with X on solana: the real Wallet Standard test wallet signs (ed25519, base58), the in-memory SIWXConfig verifies. */
import { registerSignIn } from '../app/sign-in.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSolanaTestWallet } from '../../../test/fixtures/solana-wallet.js';
import { solanaAdapter } from '../../chains/solana/adapter.js';
import { wrapStandardWallet } from '../../chains/solana/wallet-standard.js';
import { networks } from '../../wire/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { createMemorySiwx } from '../../test-utils/memory-siwx.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $accounts } from '../connection/account.js';
import { disconnect } from '../connection/disconnect.js';
import { activate } from '../connection/session.js';
import { $activeNamespace, $activeNetworkIds, initNetworks } from '../network/networks.js';
import { $modal, closeModal } from '../ui/modal.js';
import { $router, resetRouter } from '../ui/router.js';
import { $siwxTarget } from './flow.js';
import { signInWithWallet } from './sign.js';

// configure() registers the SIWX flow; these tests connect without it.
registerSignIn(() => import('./flow.js'));

beforeEach(() => vi.stubGlobal('localStorage', new MemoryStorage()));
afterEach(async () => {
  await disconnect();
  closeModal();
  $accounts.set({});
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  resetRouter('Connect');
  resetOptions();
  vi.unstubAllGlobals();
});

describe('sign-in on solana', () => {
  it('asks the connected solana account, signs the CAIP-122 text (base58) and revokes on disconnect', async () => {
    const test = createSolanaTestWallet({ storageKey: false });
    const provider = wrapStandardWallet(test.wallet, test.wallet.name);
    const siwx = createMemorySiwx({ statement: 'Sign in on Solana' });
    setOptions({ networks: [networks.solanaLocal], siwx });
    initNetworks();
    activate('solana', 'solana-test', provider, solanaAdapter as never, await solanaAdapter.connect(provider, networks.solanaLocal));
    const start = Date.now();
    while (!($modal.get().open && $router.get().view === 'SIWXSignMessage') && Date.now() - start < 3000)
      await new Promise((r) => setTimeout(r, 5));
    expect($siwxTarget.get()).toEqual({ namespace: 'solana', address: test.address, caipNetworkId: networks.solanaLocal.caipNetworkId });
    expect(await signInWithWallet()).toBe(true);
    const [session] = siwx.sessions.values();
    expect(session?.message).toContain('wants you to sign in with your Solana account:');
    expect(session?.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    expect($modal.get().open).toBe(false);
    await disconnect('solana');
    expect(siwx.calls.at(-1)).toBe(`revokeSession ${networks.solanaLocal.caipNetworkId} ${test.address}`);
  });
});
