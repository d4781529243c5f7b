import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_LIFETIME_MS } from '../../core/constants.js';
import { ACCOUNT, RECEIVER } from '../../test-utils/blockchain-fixtures.js';
import { connectWithApi } from '../../test-utils/blockchain-setup.js';
import { startLoopback, type LoopbackServer } from '../../test-utils/loopback-server.js';
import { $accounts } from '../connection/account.js';
import { setBlockchainApiDeps, setClock } from './blockchain.js';
import { loadAccountIdentity, lookupName, resetIdentities } from './identity.js';
import { resetOptions } from '../app/options.js';
import { eip155Entry } from '../../chains/eip155/entry.js';
import { eip155Rules } from '../../chains/eip155/rules.js';
import { registerAdapter } from '../../chains/registry.js';

let server: LoopbackServer | undefined;
let time = 0;

beforeEach(() => {
  time = 5_000_000;
  setClock(() => time);
  setBlockchainApiDeps({ timeoutMs: 500, sleep: async () => {} });
  resetIdentities();
});
afterEach(async () => {
  setClock(undefined);
  setBlockchainApiDeps({});
  resetOptions();
  await server?.close();
  server = undefined;
});

describe('identity', () => {
  it("puts the account's name and avatar into the account state, cached for 5 minutes", async () => {
    server = await startLoopback(() => ({ status: 200, json: { name: 'alice.w3', avatar: 'https://img.example/a.png' } }));
    connectWithApi(server.url);
    await loadAccountIdentity();
    expect($accounts.get().eip155).toMatchObject({ profileName: 'alice.w3', profileImage: 'https://img.example/a.png' });
    expect(server.requests[0]!.path).toBe(`/v1/identity/${ACCOUNT}`);
    expect(server.requests[0]!.query.get('sender')).toBe(ACCOUNT);
    time += CACHE_LIFETIME_MS.identity - 1;
    await loadAccountIdentity();
    expect(server.requests).toHaveLength(1);
    time += 1;
    await loadAccountIdentity();
    expect(server.requests).toHaveLength(2);
  });

  it('looks up other addresses through the name cache; failures give undefined', async () => {
    server = await startLoopback((req) =>
      req.path.includes(RECEIVER) ? { status: 200, json: { name: 'bob.w3', avatar: null } } : { status: 404 },
    );
    connectWithApi(server.url);
    await expect(lookupName(RECEIVER)).resolves.toEqual({ name: 'bob.w3', avatar: null });
    await expect(lookupName(RECEIVER.toLowerCase())).resolves.toEqual({ name: 'bob.w3', avatar: null });
    expect(server.requests).toHaveLength(1);
    await expect(lookupName('0x0000000000000000000000000000000000000001')).resolves.toBeUndefined();
    await expect(lookupName('not-an-address')).resolves.toBeUndefined();
  });

  it("is read from the namespace's rules: without `features.names` no identity loads and no name is looked up", async () => {
    server = await startLoopback(() => ({ status: 200, json: { name: 'alice.w3', avatar: null } }));
    const restore = registerAdapter({ ...eip155Entry, rules: { ...eip155Rules, features: { ...eip155Rules.features, names: false } } });
    try {
      connectWithApi(server.url);
      await loadAccountIdentity();
      await expect(lookupName(RECEIVER)).resolves.toBeUndefined();
      expect($accounts.get().eip155?.profileName).toBeUndefined();
      expect(server.requests).toHaveLength(0);
    } finally {
      restore();
    }
    connectWithApi(server.url); // the registry is read when the account or network changes
    await loadAccountIdentity();
    expect($accounts.get().eip155).toMatchObject({ profileName: 'alice.w3' });
  });
});
