/**
 * The relay against real WalletConnect clients: a `@walletconnect/sign-client` dapp and wallet
 * in this process pair, settle a session, exchange a personal_sign request and disconnect,
 * also across a relay restart on the same port and SQLite file.
 */
import { randomUUID } from 'node:crypto';
import { SignClient } from '@walletconnect/sign-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, startRelay, type Database, type RunningRelay } from '../src/index.js';
import { tempDir } from './helpers.js';

type Client = Awaited<ReturnType<typeof SignClient.init>>;
type Session = Awaited<ReturnType<Awaited<ReturnType<Client['connect']>>['approval']>>;

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SIGNATURE = `0x${'ab'.repeat(65)}`;

let dir: string;
let remove: () => void;
let db: Database;
let relay: RunningRelay;
let clients: Client[];

beforeEach(async () => {
  ({ dir, remove } = tempDir('w3kit-relay-'));
  db = openDatabase(dir);
  relay = await startRelay({ port: 0, db });
  clients = [];
});

afterEach(async () => {
  for (const client of clients) {
    await client.core.relayer.transportClose().catch(() => undefined);
    client.core.heartbeat.stop();
  }
  await relay.close();
  db.close();
  remove();
});

async function client(name: string): Promise<Client> {
  const c = await SignClient.init({
    projectId: 'w3kit-test',
    relayUrl: relay.url,
    telemetryEnabled: false,
    logger: 'silent',
    customStoragePrefix: `${name}-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    metadata: { name, description: `w3kit relay test ${name}`, url: 'http://127.0.0.1', icons: [] },
  });
  clients.push(c);
  return c;
}

/** A wallet that approves every proposal for ACCOUNT on eip155:1 and signs every personal_sign. */
async function wallet(): Promise<{ client: Client; requests: unknown[] }> {
  const c = await client('wallet');
  const requests: unknown[] = [];
  c.on('session_proposal', async (proposal) => {
    const { acknowledged } = await c.approve({
      id: proposal.id,
      namespaces: {
        eip155: {
          chains: ['eip155:1'],
          accounts: [`eip155:1:${ACCOUNT}`],
          methods: ['personal_sign'],
          events: ['accountsChanged', 'chainChanged'],
        },
      },
    });
    await acknowledged();
  });
  c.on('session_request', async (event) => {
    requests.push(event.params.request);
    await c.respond({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', result: SIGNATURE } });
  });
  return { client: c, requests };
}

async function connect(dapp: Client, walletClient: Client): Promise<Session> {
  const { uri, approval } = await dapp.connect({
    optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: ['accountsChanged'] } },
  });
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
  await walletClient.pair({ uri: uri! });
  return approval();
}

const personalSign = (dapp: Client, session: Session) =>
  dapp.request<string>({
    topic: session.topic,
    chainId: 'eip155:1',
    request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] },
  });

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)),
  ]);
}

describe('relay with @walletconnect/sign-client', () => {
  it('pairs, settles a session, carries personal_sign both ways and the disconnect', async () => {
    const dapp = await client('dapp');
    const { client: w, requests } = await wallet();

    const session = await within(connect(dapp, w), 20_000, 'session approval');
    expect(session.namespaces.eip155!.accounts).toEqual([`eip155:1:${ACCOUNT}`]);
    expect(w.session.get(session.topic).topic).toBe(session.topic);

    // The pairing went through wc_proposeSession / wc_approveSession with their tags.
    const tags = (db.prepare('SELECT DISTINCT tag FROM relay_messages').all() as { tag: number }[]).map((r) => r.tag);
    expect(tags).toEqual(expect.arrayContaining([1100, 1101, 1102]));

    expect(await within(personalSign(dapp, session), 15_000, 'personal_sign')).toBe(SIGNATURE);
    expect(requests).toMatchObject([{ method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT] }]);

    const deleted = new Promise<{ topic: string }>((resolve) => dapp.on('session_delete', resolve));
    await w.disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } });
    expect((await within(deleted, 15_000, 'session_delete')).topic).toBe(session.topic);
    expect(dapp.session.getAll()).toHaveLength(0);
  });

  it('carries a request sent while the relay restarts on the same port and SQLite file', async () => {
    const dapp = await client('dapp');
    const { client: w } = await wallet();
    const session = await within(connect(dapp, w), 20_000, 'session approval');

    const port = relay.port;
    await relay.close();
    db.close();
    // Sent while the relay is down: the dapp queues it and reconnects by itself.
    const answer = personalSign(dapp, session);
    await new Promise((resolve) => setTimeout(resolve, 500));
    db = openDatabase(dir);
    relay = await startRelay({ port, db });

    expect(await within(answer, 40_000, 'personal_sign across the restart')).toBe(SIGNATURE);
    // And one sent right after it is back.
    expect(await within(personalSign(dapp, session), 20_000, 'personal_sign after the restart')).toBe(SIGNATURE);
  }, 60_000);
});
