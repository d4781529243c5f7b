/**
 * Issue 31, section 4: two instances on one Postgres and one Redis behind a real HAProxy
 * (test/multi/cluster.ts). A dApp's sign-client on one instance pairs with a wallet's on the
 * other and requests cross both ways; a kill -9 while messages flow loses and repeats none;
 * a nonce, an OTP and a session made through one instance are honoured by the other; the shared
 * rate limit refuses the N+1st request across both.
 */
import { randomUUID } from 'node:crypto';
import { SignClient } from '@walletconnect/sign-client';
import { generateKeyPair } from '@walletconnect/relay-auth';
import { createSiweMessage } from 'viem/siwe';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, linkOf } from './auth-harness.js';
import { removeBuiltBin } from './built-bin.js';
import { sleep } from './helpers.js';
import { startCluster, type Cluster } from './multi/cluster.js';
import { Peer, topic } from './relay-peer.js';

type Client = Awaited<ReturnType<typeof SignClient.init>>;

const RATE_LIMIT = 400;
const ACCOUNT = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const ORIGIN = 'http://localhost:5173';

let cluster: Cluster;
const clients: Client[] = [];

beforeAll(async () => {
  cluster = await startCluster([], { W3KIT_RATE_LIMIT_MAX: String(RATE_LIMIT) });
}, 180_000);

afterAll(async () => {
  for (const c of clients) {
    await c.core.relayer.transportClose().catch(() => undefined);
    c.core.heartbeat.stop();
  }
  await cluster?.stop();
  removeBuiltBin();
}, 60_000);

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)),
  ]);
}

async function signClient(name: string, relayUrl: string): Promise<Client> {
  const c = await SignClient.init({
    projectId: 'w3kit-dev',
    relayUrl,
    telemetryEnabled: false,
    logger: 'silent',
    customStoragePrefix: `${name}-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    metadata: { name, description: `w3kit cluster test ${name}`, url: 'http://127.0.0.1', icons: [] },
  });
  clients.push(c);
  return c;
}

describe('two instances behind HAProxy on one Postgres and one Redis', () => {
  it('pairs a dApp on one instance with a wallet on the other; requests cross both ways', async () => {
    const [one, two] = cluster.instances;
    const dapp = await signClient('dapp', one!.relayUrl);
    const wallet = await signClient('wallet', two!.relayUrl);
    wallet.on('session_proposal', async (proposal) => {
      const { acknowledged } = await wallet.approve({
        id: proposal.id,
        namespaces: {
          eip155: { chains: ['eip155:1'], accounts: [`eip155:1:${ACCOUNT.address}`], methods: ['personal_sign'], events: [] },
        },
      });
      await acknowledged();
    });
    wallet.on('session_request', async (event) => {
      const [message] = event.params.request.params as [string];
      const signature = await ACCOUNT.signMessage({ message: { raw: message as `0x${string}` } });
      await wallet.respond({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', result: signature } });
    });
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:1'], methods: ['personal_sign'], events: [] } },
    });
    await wallet.pair({ uri: uri! });
    const session = await within(approval(), 30_000, 'session approval across instances');

    const signature = await within(
      dapp.request<string>({
        topic: session.topic,
        chainId: 'eip155:1',
        request: { method: 'personal_sign', params: ['0x68656c6c6f', ACCOUNT.address] },
      }),
      20_000,
      'personal_sign from the dApp (instance 1) to the wallet (instance 2)',
    );
    expect(signature).toBe(await ACCOUNT.signMessage({ message: { raw: '0x68656c6c6f' } }));
    // And from the wallet's side back to the dApp.
    await within(wallet.ping({ topic: session.topic }), 20_000, 'ping from the wallet (instance 2) to the dApp (instance 1)');
  }, 90_000);

  it('a kill -9 of one instance while messages flow: clients reconnect through the balancer and each message arrives once', async () => {
    const subject = topic(`cluster-${randomUUID()}`);
    const subscriberKeys = generateKeyPair();
    const publisherKeys = generateKeyPair();
    let subscriber = await Peer.open(cluster.relayUrl, subscriberKeys);
    let publisher = await Peer.open(cluster.relayUrl, publisherKeys);
    await subscriber.result('irn_subscribe', { topic: subject });
    const received: string[] = [];
    const collect = (peer: Peer) => {
      const seen = peer.pushes.length;
      return () => peer.pushes.slice(seen).map((p) => p.params.data.message);
    };
    let collected = collect(subscriber);
    const accepted: string[] = [];
    let reconnects = 0;
    const TOTAL = 120;
    for (let n = 0; n < TOTAL; n++) {
      if (n === 40) await cluster.kill(0);
      const message = `m${n}`;
      for (let attempt = 0; ; attempt++) {
        try {
          await publisher.result('irn_publish', { topic: subject, message, ttl: 300, tag: 1100, prompt: false });
          accepted.push(message);
          break;
        } catch (err) {
          if (attempt > 20) throw err;
          // The instance went away: connect again through the balancer (same client id) and retry.
          await sleep(250);
          publisher.ws.terminate();
          reconnects++;
          publisher = await Peer.open(cluster.relayUrl, publisherKeys).catch(() => publisher);
        }
      }
      if (subscriber.ws.readyState !== subscriber.ws.OPEN) {
        received.push(...collected());
        reconnects++;
        subscriber = await Peer.open(cluster.relayUrl, subscriberKeys);
        await subscriber.result('irn_subscribe', { topic: subject });
        collected = collect(subscriber);
      }
      await sleep(10);
    }
    const deadline = Date.now() + 15_000;
    while ([...received, ...collected()].length < accepted.length && Date.now() < deadline) await sleep(50);
    const all = [...received, ...collected()];
    // The kill cut one of the two clients off (each sits on its own instance: leastconn).
    expect(reconnects).toBeGreaterThan(0);
    expect(new Set(all).size).toBe(all.length); // none twice
    expect([...all].sort()).toEqual([...accepted].sort()); // none lost
    await cluster.start(0);
    await subscriber.close();
    await publisher.close();
  }, 120_000);

  it('a SIWX nonce, an e-mail code and a session made through one instance are honoured by the other', async () => {
    const [one, two] = cluster.instances;
    const nonceReply = await fetch(`${one!.apiUrl}/v1/siwx/nonce?projectId=w3kit-dev`, { headers: { origin: ORIGIN } });
    expect(nonceReply.status).toBe(200);
    const { nonce } = (await nonceReply.json()) as { nonce: string };
    const message = createSiweMessage({
      domain: new URL(ORIGIN).host,
      address: ACCOUNT.address,
      uri: `${ORIGIN}/`,
      version: '1',
      chainId: 1,
      nonce,
      issuedAt: new Date(),
    });
    const verify = (base: string) =>
      fetch(`${base}/v1/siwx/verify?projectId=w3kit-dev`, {
        method: 'POST',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ message, signature: signature }),
      });
    const signature = await ACCOUNT.signMessage({ message });
    const verified = await verify(two!.apiUrl);
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect((await verify(one!.apiUrl)).status).toBe(409); // used once, across instances

    const email = `cluster-${randomUUID()}@example.com`;
    const auth = async (base: string, method: 'GET' | 'POST', apiPath: string, body?: unknown, token?: string) => {
      const res = await fetch(`${base}/auth/v1${apiPath}`, {
        method,
        headers: {
          'x-w3kit-frame': '1',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, unknown> };
    };
    const mailTo = async (since: number) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = cluster.sink
          .mails()
          .slice(0, cluster.sink.mails().length - since)
          .find((m) => m.to === email);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${email} within 10 s`);
        await sleep(50);
      }
    };
    // A first login makes the account (its code at once, no approval: nothing to protect yet);
    // the same address on a second device is a known account's new device: the approval mail.
    const loginOn = async (startOn: string, approveOn: string, verifyOn: string) => {
      let before = cluster.sink.mails().length;
      const start = await auth(startOn, 'POST', '/email/start', { projectId: 'w3kit-dev', email, deviceId: randomUUID() });
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      if (start.body.action === 'VERIFY_DEVICE') {
        // The device-approval link (made by one instance) approved through the other.
        const token = new URL(linkOf(await mailTo(before))).searchParams.get('token')!;
        before = cluster.sink.mails().length;
        const approved = await fetch(`${approveOn}/auth/v1/device/approve`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `token=${token}`,
        });
        expect(approved.status).toBe(200);
      }
      const mail = await mailTo(before);
      const login = await auth(verifyOn, 'POST', '/email/verify', { loginId: start.body.loginId, otp: codeOf(mail) });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      return { action: start.body.action, token: login.body.token as string };
    };
    const first = await loginOn(one!.frameUrl, two!.frameUrl, two!.frameUrl);
    expect(first.action).not.toBe('VERIFY_DEVICE');
    const second = await loginOn(one!.frameUrl, two!.frameUrl, two!.frameUrl);
    expect(second.action).toBe('VERIFY_DEVICE');
    for (const token of [first.token, second.token]) {
      const session = await auth(one!.frameUrl, 'GET', '/session', undefined, token);
      expect(session.status).toBe(200);
    }
  }, 60_000);

  it('the shared rate limit refuses the N+1st request across both instances', async () => {
    const [one, two] = cluster.instances;
    // Requests alternate between the instances; one window counts them all.
    const statuses: number[] = [];
    for (let n = 0; n < RATE_LIMIT + 1; n++) {
      const base = n % 2 ? two!.apiUrl : one!.apiUrl;
      statuses.push((await fetch(`${base}/health`, { headers: { 'x-forwarded-for': '198.51.100.7' } })).status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);
});
