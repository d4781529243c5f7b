import { SignClient } from '@walletconnect/sign-client';
import { relaySocketUrl } from './relay-url.js';

export type WcSignClient = Awaited<ReturnType<typeof SignClient.init>>;

export interface WcClientOptions {
  projectId: string;
  relayUrl: string;
  metadata: { name: string; description: string; url: string; icons: string[] };
  /** Keeps this client's keys and sessions apart from another client's in the same page. */
  storagePrefix?: string;
  /** Passed to sign-client's key-value storage (e.g. `{ database: ':memory:' }` in Node). */
  storageOptions?: Record<string, unknown>;
}

/**
 * A sign-client on our relay. It runs offline and self-hosted: no telemetry, no logs, and no
 * Verify API (walletconnect.org's attestation iframe, which would also hold each publish 5 s
 * when it cannot be reached); our relay has no verify server.
 */
export async function createWcClient(options: WcClientOptions): Promise<WcSignClient> {
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: relaySocketUrl(options.relayUrl),
    metadata: options.metadata,
    telemetryEnabled: false,
    logger: 'silent',
    customStoragePrefix: options.storagePrefix ?? 'w3kit',
    ...(options.storageOptions ? { storageOptions: options.storageOptions } : {}),
  });
  const verify = client.core.verify as unknown as { isDevEnv: boolean };
  verify.isDevEnv = true;
  return client;
}

/** Closes the relay socket and stops the heartbeat, so nothing keeps running (a Node process exits). */
export async function closeWcClient(client: WcSignClient): Promise<void> {
  await client.core.relayer.transportClose().catch(() => undefined);
  client.core.heartbeat.stop();
}
