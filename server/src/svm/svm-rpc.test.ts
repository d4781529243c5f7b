/** The local SVM's JSON-RPC edges: malformed requests, limits, blockhash expiry, persistence with a data directory, and the bin's line. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from '@solana/web3.js';
import { createMint, getOrCreateAssociatedTokenAccount, mintTo } from '@solana/spl-token';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../cli/index.js';
import { BATCH_MAX } from './dispatch.js';
import { BODY_MAX } from './http.js';
import { BLOCKHASH_VALIDITY, SLOT_MS, SlotClock } from './slots.js';
import { startSvmServer, type RunningSvm } from './server.js';
import { SUBSCRIPTIONS_PER_SOCKET_MAX } from './ws.js';

let svm: RunningSvm;

async function rpc(body: string): Promise<{ status: number; json: any }> {
  const res = await fetch(svm.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}
const call = (method: string, params?: unknown) => rpc(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }));

beforeAll(async () => {
  svm = await startSvmServer({ port: 0, onError: () => undefined });
});
afterAll(() => svm.close());

describe('malformed JSON-RPC requests', () => {
  it('answers bad JSON with -32700 and a non-request with -32600', async () => {
    expect((await rpc('{"jsonrpc":')).json.error.code).toBe(-32700);
    expect((await rpc('42')).json.error.code).toBe(-32600);
    expect((await rpc('{"jsonrpc":"1.0","id":1,"method":"getSlot"}')).json.error.code).toBe(-32600);
    expect((await rpc('{"jsonrpc":"2.0","id":{},"method":"getSlot"}')).json.error.code).toBe(-32600);
  });

  it('answers an unknown method with -32601 and bad params with -32602 naming them', async () => {
    expect((await call('getEverything')).json.error).toEqual({ code: -32601, message: 'Method not found' });
    const badKey = (await call('getBalance', ['not-a-key!'])).json.error;
    expect(badKey.code).toBe(-32602);
    expect(badKey.message).toMatch(/address must be a base58 public key/);
    expect((await call('getBalance', 'x')).json.error.message).toMatch(/params must be a list/);
    expect((await call('sendTransaction', ['0OIl'])).json.error.message).toMatch(/not valid base58/);
    expect((await call('sendTransaction', ['AAAA', { encoding: 'base64' }])).json.error.message).toMatch(/deserialize/);
    expect((await call('requestAirdrop', [Keypair.generate().publicKey.toBase58(), -1])).json.error.code).toBe(-32602);
    expect((await call('getAccountInfo', [Keypair.generate().publicKey.toBase58(), { commitment: 'soon' }])).json.error.message).toMatch(
      /commitment/,
    );
    expect((await call('getTokenAccountsByOwner', [Keypair.generate().publicKey.toBase58(), {}])).json.error.message).toMatch(
      /mint.*programId/,
    );
  });

  it('bounds batches and bodies, and still answers afterwards', async () => {
    const item = { jsonrpc: '2.0', id: 1, method: 'getSlot' };
    const batch = (await rpc(JSON.stringify([item, { ...item, id: 2, method: 'nope' }]))).json;
    expect(batch.map((r: any) => r.error?.code ?? 'ok')).toEqual(['ok', -32601]);
    expect((await rpc('[]')).json.error.code).toBe(-32600);
    expect((await rpc(JSON.stringify(Array(BATCH_MAX + 1).fill(item)))).json.error.message).toMatch(/at most 100/);
    const big = await rpc(JSON.stringify({ ...item, params: ['x'.repeat(BODY_MAX)] }));
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe(-32600);
    expect(typeof (await call('getSlot')).json.result).toBe('number');
  });

  it('answers CORS preflights and /health, so browser pages can use it', async () => {
    const preflight = await fetch(svm.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:4300', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const post = await fetch(svm.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' });
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
    expect(await post.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
    expect(await (await fetch(`${svm.url}/health`)).text()).toBe('ok');
  });

  it('bounds websocket subscriptions per socket and rejects unknown subscription ids', async () => {
    const ws = new WebSocket(svm.wsUrl);
    await new Promise((resolve) => ws.once('open', resolve));
    const replies: any[] = [];
    ws.on('message', (data) => replies.push(JSON.parse(data.toString())));
    const key = Keypair.generate().publicKey.toBase58();
    for (let i = 0; i <= SUBSCRIPTIONS_PER_SOCKET_MAX; i++) {
      ws.send(JSON.stringify({ jsonrpc: '2.0', id: i, method: 'accountSubscribe', params: [key] }));
    }
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 'u', method: 'accountUnsubscribe', params: [123456789] }));
    ws.send('{oops');
    await expect.poll(() => replies.length).toBe(SUBSCRIPTIONS_PER_SOCKET_MAX + 3);
    expect(replies.filter((r) => typeof r.result === 'number')).toHaveLength(SUBSCRIPTIONS_PER_SOCKET_MAX);
    expect(replies.find((r) => r.id === SUBSCRIPTIONS_PER_SOCKET_MAX).error.message).toMatch(/at most 256 subscriptions/);
    expect(replies.find((r) => r.id === 'u').error.code).toBe(-32602);
    expect(replies.find((r) => r.id === null).error.code).toBe(-32700);
    ws.close();
  });
});

describe('blockhash expiry', () => {
  it('keeps a blockhash valid for 150 blocks of 400 ms, then refuses it', () => {
    let now = 0;
    const clock = new SlotClock('genesis', 10, () => now);
    const { blockhash, lastValidBlockHeight } = clock.latest();
    expect(lastValidBlockHeight).toBe(10 + BLOCKHASH_VALIDITY);
    now = BLOCKHASH_VALIDITY * SLOT_MS;
    expect(clock.height()).toBe(lastValidBlockHeight);
    expect(clock.isValid(blockhash)).toBe(true);
    now += SLOT_MS;
    expect(clock.isValid(blockhash)).toBe(false);
    expect(clock.latest().blockhash).not.toBe(blockhash);
  });
});

describe('state', () => {
  it('keeps balances and signatures across a restart with a data directory, and not without one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-svm-'));
    try {
      const first = await startSvmServer({ port: 0, dataDir: dir });
      const c1 = new Connection(first.url, { commitment: 'confirmed', wsEndpoint: first.wsUrl });
      const from = Keypair.generate();
      const to = Keypair.generate().publicKey;
      const airdrop = await c1.requestAirdrop(from.publicKey, 2 * LAMPORTS_PER_SOL);
      const signature = await sendAndConfirmTransaction(
        c1,
        new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL })),
        [from],
      );
      const mint = await createMint(c1, from, from.publicKey, null, 2);
      const tokenAccount = await getOrCreateAssociatedTokenAccount(c1, from, mint, to);
      await mintTo(c1, from, mint, tokenAccount.address, from, 250n);
      const fromBalance = await c1.getBalance(from.publicKey);
      const height = await c1.getBlockHeight();
      await first.close();

      const second = await startSvmServer({ port: 0, dataDir: dir });
      const c2 = new Connection(second.url, { commitment: 'confirmed', wsEndpoint: second.wsUrl });
      expect(await c2.getBalance(to)).toBe(LAMPORTS_PER_SOL);
      expect(await c2.getBalance(from.publicKey)).toBe(fromBalance);
      const tokens = await c2.getParsedTokenAccountsByOwner(to, { mint });
      expect(tokens.value.map((t) => t.account.data.parsed.info.tokenAmount.uiAmountString)).toEqual(['2.5']);
      expect((await c2.getSignatureStatuses([airdrop, signature])).value.map((s) => s?.err)).toEqual([null, null]);
      expect(await c2.getBlockHeight()).toBeGreaterThanOrEqual(height);
      await second.close();

      const memory = await startSvmServer({ port: 0 });
      expect(await new Connection(memory.url).getBalance(to)).toBe(0);
      await memory.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('history', () => {
  it('keeps the last historyLimit transactions', async () => {
    const small = await startSvmServer({ port: 0, historyLimit: 2 });
    try {
      const connection = new Connection(small.url);
      const key = Keypair.generate().publicKey;
      const signatures = [];
      for (let i = 1; i <= 3; i++) signatures.push(await connection.requestAirdrop(key, i * LAMPORTS_PER_SOL));
      expect((await connection.getSignatureStatuses(signatures)).value.map(Boolean)).toEqual([false, true, true]);
      expect((await connection.getSignaturesForAddress(key)).map((s) => s.signature)).toEqual([signatures[2], signatures[1]]);
      expect(await connection.getBalance(key)).toBe(6 * LAMPORTS_PER_SOL);
    } finally {
      await small.close();
    }
  });
});

describe('ports', () => {
  it('a websocket port already taken fails the start with EADDRINUSE, never as an uncaught error, and frees the RPC port', async () => {
    const taken = await startSvmServer({ port: 0, onError: () => undefined });
    try {
      // Its RPC port is the websocket port (port + 1) of a server asked for the port below it.
      const port = taken.port - 1;
      await expect(startSvmServer({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      // The RPC port it had bound is free again.
      const again = await startSvmServer({ port: 0 });
      await again.close();
      const probe = await import('node:net').then(
        (net) =>
          new Promise<boolean>((resolve) => {
            const server = net.createServer().once('error', () => resolve(false));
            server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
          }),
      );
      expect(probe).toBe(true);
    } finally {
      await taken.close();
    }
  });
});

describe('w3kit-server svm', () => {
  it('prints the rpc and ws URLs once it answers, and stops on the signal', async () => {
    let stdout = '';
    let stderr = '';
    const stop = new AbortController();
    const io: CliIo = {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      signal: stop.signal,
      env: {},
    };
    const done = main(['svm', '--port', '0'], io);
    await expect.poll(() => stdout).toMatch(/\n$/);
    const match = /^solana rpc (http:\/\/127\.0\.0\.1:(\d+)) ws ws:\/\/127\.0\.0\.1:(\d+)\n$/.exec(stdout);
    expect(match).not.toBeNull();
    expect(await new Connection(match![1]!).getGenesisHash()).toMatch(/^9RBq/);
    stop.abort();
    expect(await done).toBe(0);
    expect(stderr).toBe('');
  });

  it('listens on W3KIT_SOLANA_PORT when no --port is given', async () => {
    const probe = await startSvmServer({ port: 0 });
    const port = probe.port;
    await probe.close();
    let stdout = '';
    const stop = new AbortController();
    const io: CliIo = {
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: () => true },
      signal: stop.signal,
      env: { W3KIT_SOLANA_PORT: String(port) },
    };
    const done = main(['svm'], io);
    await expect.poll(() => stdout).toMatch(/\n$/);
    expect(stdout).toBe(`solana rpc http://127.0.0.1:${port} ws ws://127.0.0.1:${port + 1}\n`);
    stop.abort();
    expect(await done).toBe(0);
  });

  it('refuses a bad port and arguments, and lists itself in --help', async () => {
    let out = '';
    const io: CliIo = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (out += t) }, env: {} };
    expect(await main(['svm', '--port', 'x'], io)).toBe(2);
    expect(out).toMatch(/--port/);
    out = '';
    expect(await main(['svm', 'extra'], io)).toBe(2);
    expect(out).toMatch(/'svm' takes no arguments/);
    out = '';
    expect(await main(['--help'], io)).toBe(0);
    expect(out).toMatch(/w3kit-server svm \[--port N\] \[--data DIR\]/);
  });
});
