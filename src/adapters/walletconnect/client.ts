import { SignClient } from '@walletconnect/sign-client';
import type { SignClientTypes } from '@walletconnect/types';
import { MissingConfigError } from '../../core/errors.js';
import { isLocalRelay, isWalletConnectNetworkRelay, relaySocketUrl } from './relay-url.js';

export type WcSignClient = Awaited<ReturnType<typeof SignClient.init>>;

export interface WcClientOptions {
  projectId: string;
  relayUrl: string;
  metadata: { name: string; description: string; url: string; icons: string[] };
  /** Keeps this client's keys and sessions apart from another client's in the same page (default: per relay). */
  storagePrefix?: string;
  /** Passed to sign-client's key-value storage (e.g. `{ database: ':memory:' }` in Node). */
  storageOptions?: Record<string, unknown>;
}

/** How the sign-client is set up for the relay named (docs/walletconnect.md). */
export interface WcClientSettings {
  /** The options SignClient gets: this relay's socket URL and the project id, no telemetry, no logs. */
  init: SignClientTypes.Options & { projectId: string; relayUrl: string };
  /**
   * The Verify API (walletconnect.org's attestation, so a wallet can show the dApp's domain as
   * verified): on for the WalletConnect network's relay only. Our relay has no verify server, and
   * the attestation iframe would hold each publish 5 s when it cannot be reached.
   */
  verify: boolean;
  /** The relay needs no internet (loopback, private range): dial even when the browser says it is offline. */
  local: boolean;
}

/** A project id from the WalletConnect dashboard: 32 hexadecimal characters (the network's relay refuses others). */
const NETWORK_PROJECT_ID = /^[0-9a-f]{32}$/i;

/**
 * The sign-client's settings for `options.relayUrl`. Our relay (self-hosted, offline) takes any
 * project id; the WalletConnect network's relay (wss://relay.walletconnect.org) takes the project
 * id from the WalletConnect dashboard, so any other is refused here, naming what is wrong.
 */
export function wcClientSettings(options: WcClientOptions): WcClientSettings {
  const relayUrl = relaySocketUrl(options.relayUrl);
  const network = isWalletConnectNetworkRelay(relayUrl);
  if (network && !NETWORK_PROJECT_ID.test(options.projectId)) {
    throw new MissingConfigError('Project ID Not Configured', {
      details: `relayUrl is the WalletConnect network's relay (${relayUrl}), which needs the project id from the WalletConnect dashboard: 32 hexadecimal characters (this one has ${options.projectId.length} characters${/^[0-9a-f]*$/i.test(options.projectId) ? '' : ', not all hexadecimal'})`,
      messageCode: 'ProjectIdNotConfigured',
    });
  }
  return {
    init: {
      projectId: options.projectId,
      relayUrl,
      metadata: options.metadata,
      telemetryEnabled: false,
      logger: 'silent',
      // Per relay: a session lives on the relay it was made on, and sign-client shares one core
      // (with its relay) between clients of one prefix in a page.
      customStoragePrefix: options.storagePrefix ?? `w3kit:${new URL(relayUrl).host}`,
      ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
    },
    verify: network,
    local: isLocalRelay(relayUrl),
  };
}

/**
 * A sign-client on the relay named: our relay (self-hosted, offline: no Verify API) or the
 * WalletConnect network's (Verify API on). For a relay on loopback or a private address, the
 * relayer's "No internet connection detected" check (sign-client reads `navigator.onLine` before
 * each dial) is replaced on this client's relayer, before anything dials, so a laptop with no
 * network still reaches a relay on this machine; a public relay keeps the check.
 */
export async function createWcClient(options: WcClientOptions): Promise<WcSignClient> {
  const settings = wcClientSettings(options);
  // What SignClient.init does (construct, then initialize), with our settings applied between
  // the two, so the first dial (a restored session's, during initialize) already follows them.
  const client = new SignClient(settings.init);
  if (!settings.verify) (client.core.verify as unknown as { isDevEnv: boolean }).isDevEnv = true;
  if (settings.local) client.core.relayer.confirmOnlineStateOrThrow = () => Promise.resolve();
  await (client as unknown as { initialize(): Promise<void> }).initialize();
  return client;
}

/** Closes the relay socket and stops the heartbeat, so nothing keeps running (a Node process exits). */
export async function closeWcClient(client: WcSignClient): Promise<void> {
  await client.core.relayer.transportClose().catch(() => undefined);
  client.core.heartbeat.stop();
}
