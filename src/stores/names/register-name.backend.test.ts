/**
 * RegisterAccountName's store against the real backend of server/ (the name registry over
 * SQLite) with the real test wallet signing: availability as typing pauses (stale answers
 * dropped), the validation codes without a request, suggestions for a taken name, the
 * registration (then the account's profileName is the name, from a refreshed identity), the
 * API's first reason, a wallet refusal, and 'Error fetching name suggestions' when the API fails.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../../server/src/index.js';
import { createTestWallet, type TestWallet } from '../../../test/fixtures/eip1193-wallet.js';
import { eip155Adapter } from '../../chains/eip155/adapter.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $accounts, getAccountState } from '../connection/account.js';
import { disconnect } from '../connection/disconnect.js';
import { activate } from '../connection/session.js';
import { $activeNamespace, $activeNetworkIds, initNetworks } from '../network/networks.js';
import { setBlockchainApiDeps } from '../portfolio/blockchain.js';
import { loadAccountIdentity, resetIdentities } from '../portfolio/identity.js';
import {
  $registerName,
  canRegister,
  chooseSuggestion,
  checkName,
  NAME_CHECK_DELAY_MS,
  registerName,
  resetRegisterName,
  setNameLabel,
} from './register-name.js';
import { $nameZone, isZoneName } from './zone.js';
import { offlineLocal } from '../../test-utils/networks.js';

let server: RunningServer;
let w: TestWallet;

beforeAll(async () => {
  server = await startServer({ port: 0, seed: { wallets: 1 }, relayPort: false, framePort: false });
});
afterAll(async () => {
  await server?.close();
});

/** Each test signs with another account of the dev mnemonic (a name registered stays in the database). */
let nextAccount = 0;

async function connect(blockchainApiUrl = server.url): Promise<string> {
  w.switchAccount(nextAccount++);
  setOptions({ networks: [offlineLocal.localhost], projectId: DEV_PROJECT_ID, blockchainApiUrl });
  initNetworks();
  const session = await eip155Adapter.connect(w.provider as never, offlineLocal.localhost);
  activate('eip155', 'test', w.provider, eip155Adapter as never, session);
  return getAccountState('eip155').address!;
}

/** Another account takes `name` (signed by its own key). */
async function takenByOther(name: string): Promise<void> {
  const other = privateKeyToAccount(generatePrivateKey());
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
  const res = await fetch(`${server.url}/v1/profile/account?projectId=${DEV_PROJECT_ID}`, {
    method: 'POST',
    headers: { origin: 'http://localhost:5173', 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: 60, address: other.address, message, signature: await other.signMessage({ message }) }),
  });
  expect(res.status).toBe(200);
}

const settled = async () => {
  await vi.advanceTimersByTimeAsync(NAME_CHECK_DELAY_MS);
  await vi.waitFor(() => expect($registerName.get().check.status).not.toBe('checking'), { timeout: 3000 });
};

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  w = createTestWallet({
    rpcUrls: { 31337: 'http://127.0.0.1:9/' },
    chainId: 31337,
    accounts: 10,
    announce: false,
    storageKey: false,
  } as never);
  setBlockchainApiDeps({ timeoutMs: 2_000, attempts: 1 });
  resetIdentities();
  resetRegisterName();
});
afterEach(async () => {
  vi.useRealTimers();
  await disconnect();
  $accounts.set({});
  $activeNamespace.set(undefined);
  $activeNetworkIds.set({});
  setBlockchainApiDeps({});
  resetOptions();
  vi.unstubAllGlobals();
});

describe('checking a name as it is typed', () => {
  it('gives the validation codes at once, without asking the registry', async () => {
    await connect();
    for (const [label, problem] of [
      ['abc', 'short'],
      ['ab.cd', 'chars'],
      ['ab cd', 'chars'],
      ['x'.repeat(64), 'long'],
      ['-dash-', 'hyphen-edge'],
      ['dash-', 'hyphen-edge'],
      ['xn--dash', 'hyphen-34'],
    ] as const) {
      setNameLabel(label);
      expect($registerName.get().check).toEqual({ status: 'invalid', problem });
      expect(canRegister()).toBe(false);
    }
    setNameLabel('');
    expect($registerName.get().check).toEqual({ status: 'idle' });
  });

  it('checks once typing pauses, dropping the answers for older labels', async () => {
    await connect();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetched = vi.spyOn(globalThis, 'fetch');
    setNameLabel('tomm');
    setNameLabel('tommy');
    await vi.advanceTimersByTimeAsync(NAME_CHECK_DELAY_MS - 50);
    expect(fetched.mock.calls.some(([url]) => String(url).includes('/v1/profile/suggestions/'))).toBe(false);
    await settled();
    const asked = fetched.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/v1/profile/suggestions/'));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('/v1/profile/suggestions/tommy?');
    expect($registerName.get().check).toEqual({ status: 'available' });
    // An answer for a label no longer typed changes nothing.
    setNameLabel('tommy2');
    const stale = checkName('tommy', -1);
    await stale;
    expect($registerName.get().check).toEqual({ status: 'checking' });
    fetched.mockRestore();
  });

  it('offers free suggestions for a taken name, and a click fills and checks one', async () => {
    await connect();
    await takenByOther('henry.w3kit.id');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setNameLabel('Henry');
    await settled();
    const { check, suggestions } = $registerName.get();
    expect(check).toEqual({ status: 'taken' });
    expect(suggestions.length).toBeGreaterThan(2);
    expect(suggestions.every((s) => !s.registered && s.name.endsWith('.w3kit.id'))).toBe(true);
    vi.useRealTimers();
    await chooseSuggestion(suggestions[0]!.name);
    expect($registerName.get().label).toBe(suggestions[0]!.name.replace('.w3kit.id', ''));
    expect($registerName.get().check).toEqual({ status: 'available' });
  });

  it("says the check failed when the registry is not reachable ('Error fetching name suggestions')", async () => {
    await connect('http://127.0.0.1:9');
    await checkName('offline');
    expect($registerName.get().check).toEqual({ status: 'failed' });
  });
});

describe('registering', () => {
  it('signs the message with the wallet, registers, and the account then shows the name', async () => {
    const address = await connect();
    await chooseSuggestion('irene.w3kit.id');
    expect(canRegister()).toBe(true);
    await expect(registerName()).resolves.toBe(true);
    expect($registerName.get()).toMatchObject({ registered: 'irene.w3kit.id', stage: undefined, error: undefined });
    expect(getAccountState('eip155').profileName).toBe('irene.w3kit.id');
    expect(isZoneName(getAccountState('eip155').profileName)).toBe(true);
    const identity = await fetch(`${server.url}/v1/identity/${address}?projectId=${DEV_PROJECT_ID}`, {
      headers: { origin: 'http://localhost:5173' },
    });
    expect(await identity.json()).toEqual({ name: 'irene.w3kit.id', avatar: null });
  });

  it("shows the API's first reason (a second name for the account)", async () => {
    await connect();
    await chooseSuggestion('jack-one.w3kit.id');
    await expect(registerName()).resolves.toBe(true);
    await chooseSuggestion('jack-two.w3kit.id');
    await expect(registerName()).resolves.toBe(false);
    expect($registerName.get().error).toEqual({ kind: 'reason', text: 'This address already has a name in w3kit.id: jack-one.w3kit.id' });
  });

  it('a refusal in the wallet is a declined signature, and nothing is registered', async () => {
    const address = await connect();
    await chooseSuggestion('kate.w3kit.id');
    w.setMode('reject');
    await expect(registerName()).resolves.toBe(false);
    expect($registerName.get().error).toEqual({ kind: 'declined' });
    expect($registerName.get().stage).toBeUndefined();
    resetIdentities();
    await loadAccountIdentity();
    expect(getAccountState('eip155').profileName).toBeUndefined();
    expect(address).toMatch(/^0x/);
  });

  it('learns the zone the registry serves from its reply', async () => {
    await connect();
    await checkName('zone-check');
    expect($nameZone.get()).toBe('w3kit.id');
  });
});
