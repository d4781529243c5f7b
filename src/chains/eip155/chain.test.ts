import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { getBalance } from 'viem/actions';
import type { Network } from '../../wire/networks.js';
import { chainClient, readNativeBalance, RPC_POLICY, toChainError } from './chain.js';

/** A real JSON-RPC HTTP server on loopback whose replies each test scripts. */
async function rpcServer(
  handler: (body: unknown, req: IncomingMessage, res: ServerResponse, n: number) => void,
): Promise<{ url: string; server: Server; hits: number[] }> {
  const hits: number[] = [];
  let n = 0;
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      hits.push(Date.now());
      handler(JSON.parse(data || 'null'), req, res, n++);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, hits };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function network(urls: string[], id = 31337): Network {
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name: 'Test',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: urls } },
  };
}

function reply(res: ServerResponse, body: unknown, status = 200, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const balanceReply = (body: unknown) =>
  Array.isArray(body)
    ? body.map((b: { id: number }) => ({ jsonrpc: '2.0', id: b.id, result: '0xde0b6b3a7640000' }))
    : { jsonrpc: '2.0', id: (body as { id: number }).id, result: '0xde0b6b3a7640000' };

describe('chain reads', () => {
  it('reads a native balance as a decimal string', async () => {
    const s = await rpcServer((body, _req, res) => reply(res, balanceReply(body)));
    servers.push(s.server);
    await expect(readNativeBalance(network([s.url], 1001), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).resolves.toBe('1');
  });

  it('retries a 503 and succeeds on the third attempt', async () => {
    const s = await rpcServer((body, _req, res, n) => (n < 2 ? reply(res, { error: 'busy' }, 503) : reply(res, balanceReply(body))));
    servers.push(s.server);
    await expect(readNativeBalance(network([s.url], 1002), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).resolves.toBe('1');
    expect(s.hits).toHaveLength(3);
  });

  it('gives up after 3 attempts with "HTTP status code: 500"', async () => {
    const s = await rpcServer((_b, _req, res) => reply(res, { error: 'boom' }, 500));
    servers.push(s.server);
    const err = await readNativeBalance(network([s.url], 1003), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266').catch((e: Error) => e);
    expect((err as Error).message).toContain('HTTP status code: 500');
    expect(s.hits).toHaveLength(RPC_POLICY.attempts);
  });

  it('honours Retry-After on 429', async () => {
    const s = await rpcServer((body, _req, res, n) =>
      n === 0 ? reply(res, {}, 429, { 'Retry-After': '1' }) : reply(res, balanceReply(body)),
    );
    servers.push(s.server);
    await readNativeBalance(network([s.url], 1004), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(s.hits).toHaveLength(2);
    expect(s.hits[1]! - s.hits[0]!).toBeGreaterThanOrEqual(950);
  });

  it('does not retry a deterministic 400', async () => {
    const s = await rpcServer((_b, _req, res) => reply(res, { error: 'bad' }, 400));
    servers.push(s.server);
    const err = await readNativeBalance(network([s.url], 1005), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266').catch((e: Error) => e);
    expect((err as Error).message).toContain('HTTP status code: 400');
    expect(s.hits).toHaveLength(1);
  });

  it('falls back to the next URL when the first keeps failing', async () => {
    const bad = await rpcServer((_b, _req, res) => reply(res, {}, 502));
    const good = await rpcServer((body, _req, res) => reply(res, balanceReply(body)));
    servers.push(bad.server, good.server);
    await expect(readNativeBalance(network([bad.url, good.url], 1006), '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).resolves.toBe('1');
    expect(good.hits.length).toBeGreaterThan(0);
  });

  it('batches concurrent reads into one request', async () => {
    const sizes: number[] = [];
    const s = await rpcServer((body, _req, res) => {
      sizes.push(Array.isArray(body) ? body.length : 1);
      reply(res, balanceReply(body));
    });
    servers.push(s.server);
    const client = chainClient(network([s.url], 1007));
    await Promise.all([0, 1, 2].map(() => getBalance(client, { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })));
    expect(sizes).toEqual([3]);
  });

  it('reports a JSON-RPC error as "RPC request failed" with its code', () => {
    const err = toChainError(Object.assign(new Error('execution reverted'), { code: -32000 }));
    expect(err.shortMessage).toBe('RPC request failed');
    expect(err.code).toBe(-32000);
  });

  it('maps a timeout to "The request took too long to respond"', async () => {
    const { TimeoutError } = await import('viem');
    const err = toChainError(new TimeoutError({ body: {}, url: 'http://127.0.0.1' }));
    expect(err.shortMessage).toBe('The request took too long to respond');
    expect(RPC_POLICY.timeoutMs).toBe(10_000);
  });
});
