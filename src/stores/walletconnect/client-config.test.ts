/**
 * The app's `relayUrl` and `projectId` reach sign-client: the session store's client dials the
 * relay named (ours, or the WalletConnect network's with a dashboard project id), and a new
 * relay gets a new client. Real sign-clients in Node (storage in memory); nothing dials.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeWcClient, type WcSignClient } from '../../adapters/walletconnect/client.js';
import { WALLETCONNECT_NETWORK_RELAY_URL } from '../../adapters/walletconnect/relay-url.js';
import { networks } from '../../wire/networks.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { resetOptions, setOptions } from '../app/options.js';
import { configureWcSession, getWcClient, shutdownWalletConnect } from './session.js';

const DASHBOARD_ID = 'fedcba9876543210fedcba9876543210';
const dialed = (c: WcSignClient) => (c.core.relayer as unknown as { relayUrl: string }).relayUrl;
const earlier: WcSignClient[] = [];

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  resetOptions();
  configureWcSession({ client: { storageOptions: { database: ':memory:' } } });
});

afterEach(async () => {
  await shutdownWalletConnect();
  await Promise.all(earlier.splice(0).map(closeWcClient));
  configureWcSession({});
  vi.unstubAllGlobals();
});

describe('the session store configures sign-client from the options', () => {
  it("the WalletConnect network's relay with the dashboard's project id, then our relay: each client dials the relay named", async () => {
    setOptions({ networks: [networks.localhost], projectId: DASHBOARD_ID, relayUrl: WALLETCONNECT_NETWORK_RELAY_URL });
    const network = await getWcClient();
    earlier.push(network);
    expect(dialed(network)).toBe('wss://relay.walletconnect.org');
    expect(network.core.projectId).toBe(DASHBOARD_ID);

    setOptions({ networks: [networks.localhost], projectId: 'w3kit-dev', relayUrl: 'ws://127.0.0.1:4302' });
    const ours = await getWcClient();
    expect(ours).not.toBe(network);
    expect(dialed(ours)).toBe('ws://127.0.0.1:4302');
    expect(ours.core.projectId).toBe('w3kit-dev');
  });

  it("the WalletConnect network's relay with a made-up project id fails, saying what the relay needs", async () => {
    setOptions({ networks: [networks.localhost], projectId: 'w3kit-dev', relayUrl: WALLETCONNECT_NETWORK_RELAY_URL });
    await expect(getWcClient()).rejects.toMatchObject({
      name: 'MissingConfigError',
      messageCode: 'ProjectIdNotConfigured',
      details: expect.stringContaining('needs the project id from the WalletConnect dashboard'),
    });
  });
});
