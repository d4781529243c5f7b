import { afterEach, describe, expect, it } from 'vitest';
import { W3Error } from '../../core/errors.js';
import { closeWcClient, createWcClient, wcClientSettings, type WcClientOptions, type WcSignClient } from './client.js';
import { WALLETCONNECT_NETWORK_RELAY_URL } from './relay-url.js';

const metadata = { name: 'w3kit test', description: '', url: 'http://localhost', icons: [] };
const DASHBOARD_ID = '0123456789abcdef0123456789abcdef';
const ours: WcClientOptions = { projectId: 'w3kit-dev', relayUrl: 'ws://127.0.0.1:4302', metadata };
const network: WcClientOptions = { projectId: DASHBOARD_ID, relayUrl: WALLETCONNECT_NETWORK_RELAY_URL, metadata };

let prefix = 0;
const clients: WcSignClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map(closeWcClient));
});

/** A real sign-client (storage in memory, its own prefix: one core per client in this process). */
async function client(options: WcClientOptions): Promise<WcSignClient> {
  const c = await createWcClient({
    ...options,
    storagePrefix: `client-test-${++prefix}-${Date.now()}`,
    storageOptions: { database: ':memory:' },
  });
  clients.push(c);
  return c;
}

/** The relay URL sign-client's relayer dials (a private field of the relayer). */
const dialed = (c: WcSignClient) => (c.core.relayer as unknown as { relayUrl: string }).relayUrl;

describe('the sign-client is configured for the relay named', () => {
  it('our relay: its URL, any project id, no Verify API, no telemetry, and it dials with the browser offline (loopback)', async () => {
    const settings = wcClientSettings(ours);
    expect(settings.init).toMatchObject({ relayUrl: 'ws://127.0.0.1:4302', projectId: 'w3kit-dev', telemetryEnabled: false });
    expect(settings.verify).toBe(false);
    expect(settings.local).toBe(true);

    const c = await client(ours);
    expect(c.core.relayUrl).toBe('ws://127.0.0.1:4302');
    expect(dialed(c)).toBe('ws://127.0.0.1:4302');
    expect(c.core.projectId).toBe('w3kit-dev');
    // The relayer's own "No internet connection detected" check is replaced on this client only.
    expect(Object.hasOwn(c.core.relayer, 'confirmOnlineStateOrThrow')).toBe(true);
    await expect(c.core.relayer.confirmOnlineStateOrThrow()).resolves.toBeUndefined();
  });

  it("the WalletConnect network's relay: its URL and the dashboard's project id, Verify API on, the online check kept", async () => {
    const settings = wcClientSettings(network);
    expect(settings.init).toMatchObject({ relayUrl: 'wss://relay.walletconnect.org', projectId: DASHBOARD_ID, telemetryEnabled: false });
    expect(settings.verify).toBe(true);
    expect(settings.local).toBe(false);

    const c = await client(network);
    expect(c.core.relayUrl).toBe('wss://relay.walletconnect.org');
    expect(dialed(c)).toBe('wss://relay.walletconnect.org');
    expect(c.core.projectId).toBe(DASHBOARD_ID);
    expect(Object.hasOwn(c.core.relayer, 'confirmOnlineStateOrThrow')).toBe(false);
    expect(c.core.relayer.connected).toBe(false); // creating the client dials nothing
  });

  it("refuses a project id the WalletConnect network's relay would refuse, saying why without echoing it", () => {
    for (const projectId of ['w3kit-dev', `${DASHBOARD_ID}0`, DASHBOARD_ID.replace('a', 'z')]) {
      let error: unknown;
      try {
        wcClientSettings({ ...network, projectId });
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(W3Error);
      const w3 = error as W3Error;
      expect(w3.name).toBe('MissingConfigError');
      expect(w3.messageCode).toBe('ProjectIdNotConfigured');
      expect(w3.details).toMatch(/needs the project id from the WalletConnect dashboard: 32 hexadecimal characters/);
      expect(w3.message).not.toContain(projectId);
    }
    expect(() => wcClientSettings({ ...network, relayUrl: 'https://relay.walletconnect.com', projectId: 'demo' })).toThrow(
      /this one has 4 characters, not all hexadecimal/,
    );
  });

  it('a relay on a private address dials offline too; a public one other than the network keeps Verify off', () => {
    expect(wcClientSettings({ ...ours, relayUrl: 'wss://192.168.1.20:4302' })).toMatchObject({ local: true, verify: false });
    expect(wcClientSettings({ ...ours, relayUrl: 'wss://relay.example.com' })).toMatchObject({ local: false, verify: false });
  });
});

describe('another relay, another client', () => {
  it('a client for another relay dials that relay, with its own storage (a session lives on the relay it was made on)', async () => {
    const storageOptions = { database: ':memory:' };
    const first = await createWcClient({ ...ours, storageOptions });
    clients.push(first);
    const second = await createWcClient({ ...network, storageOptions });
    clients.push(second);
    expect(dialed(first)).toBe('ws://127.0.0.1:4302');
    expect(dialed(second)).toBe('wss://relay.walletconnect.org');
    expect(second.core).not.toBe(first.core);
    expect(second.core.customStoragePrefix).not.toBe(first.core.customStoragePrefix);
    expect(wcClientSettings(ours).init.customStoragePrefix).toBe('w3kit:127.0.0.1:4302');
  });
});
