import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, parseTransaction, recoverTransactionAddress, toHex, type TransactionSerialized } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { createJsonRpc } from './json-rpc.js';
import { HARDHAT_NETWORK, startFrameHarness, waitFor } from './test-utils/frame-harness.js';

const hardhat = (rpcUrl: string) => ({ ...HARDHAT_NETWORK, rpcUrl });
const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

async function login(h: ReturnType<typeof startFrameHarness>, rpcUrl = 'http://127.0.0.1:9') {
  await h.call('SyncDappData', { projectId: 'w3kit-dev', sdkVersion: '4', networks: [hardhat(rpcUrl)] });
  await h.call('ConnectEmail', { email: 'ada@example.com' });
  return h.call('ConnectOtp', { otp: '123456' });
}

describe('keys across devices', () => {
  it('a new, verified device rebuilds from the server and recovery shares and stores the same device share', async () => {
    const first = startFrameHarness();
    open.push(first);
    await login(first);
    const user = first.api.user;
    const original = first.store.shares.get(user.id)!;

    const second = startFrameHarness({ user, deviceVerified: true });
    open.push(second);
    expect((await login(second)).ok).toBe(true);
    expect(second.store.shares.get(user.id)).toEqual(original);
    expect(second.api.calls).toContain('GET /keys/recovery-share');
    expect(second.api.calls).not.toContain('POST /keys');
  });

  it('a new device without device verification gets no share and an error', async () => {
    const first = startFrameHarness();
    open.push(first);
    await login(first);
    const second = startFrameHarness({ user: first.api.user, deviceVerified: false });
    open.push(second);
    const reply = await login(second);
    expect(reply).toMatchObject({ ok: false, error: { message: 'This device holds no key share: log in again' } });
    expect(second.store.shares.size).toBe(0);
  });

  it('eth_sendTransaction fills nonce, gas and fees from the node and sends a transaction signed by the user', async () => {
    const raw: TransactionSerialized[] = [];
    const server: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const calls = JSON.parse(body) as
          | { id: number; method: string; params: unknown[] }
          | { id: number; method: string; params: unknown[] }[];
        const answer = (call: { id: number; method: string; params: unknown[] }) => {
          const results: Record<string, unknown> = {
            eth_chainId: '0x7a69',
            eth_getTransactionCount: '0x3',
            eth_estimateGas: '0x5208',
            eth_gasPrice: '0x3b9aca00',
            eth_maxPriorityFeePerGas: '0x3b9aca00',
            eth_getBlockByNumber: {
              baseFeePerGas: '0x3b9aca00',
              number: '0x10',
              hash: toHex(1, { size: 32 }),
              timestamp: '0x1',
              transactions: [],
            },
          };
          if (call.method === 'eth_sendRawTransaction') {
            raw.push(call.params[0] as TransactionSerialized);
            return { jsonrpc: '2.0', id: call.id, result: keccak256(call.params[0] as `0x${string}`) };
          }
          if (!(call.method in results)) return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: `no ${call.method}` } };
          return { jsonrpc: '2.0', id: call.id, result: results[call.method] };
        };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    open.push(server);
    const rpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const h = startFrameHarness({ jsonRpc: createJsonRpc((url, init) => fetch(url, init)) });
    open.push(h);
    await login(h, rpcUrl);
    const to = '0x000000000000000000000000000000000000dEaD';
    const sending = h.call('RpcRequest', {
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'eth_sendTransaction',
      params: [{ from: h.api.user.evmAddress, to, value: '0xde0b6b3a7640000' }],
    });
    await waitFor(() => h.approvals.shown[0]);
    expect(h.approvals.shown[0]!.view.rows).toContainEqual({ label: 'Value', value: '1 ETH' });
    expect(raw).toEqual([]);
    h.approvals.answer(true);
    const reply = await sending;
    expect(reply.error).toBeUndefined();
    expect(raw).toHaveLength(1);
    expect((reply.payload as { result: string }).result).toBe(keccak256(raw[0]!));
    const tx = parseTransaction(raw[0]!);
    expect(tx).toMatchObject({ to: to.toLowerCase(), value: 10n ** 18n, nonce: 3, chainId: 31337 });
    expect((await recoverTransactionAddress({ serializedTransaction: raw[0]! as never })).toLowerCase()).toBe(
      h.api.user.evmAddress!.toLowerCase(),
    );
  });
});
