import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startChains, startHardhat, type HardhatNode } from './hardhat.mjs';

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  if (body.error) throw new Error(JSON.stringify(body.error));
  return body.result;
}

/** Resolves true when `port` can be bound on 127.0.0.1 (nothing listens there). */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

describe('hardhat launcher', () => {
  const toStop: { stop(): Promise<void> }[] = [];
  afterAll(async () => {
    await Promise.all(toStop.map((c) => c.stop()));
  });

  it('startChains() starts 31337 and 31338; stop() frees both ports', { timeout: 150_000 }, async () => {
    const chains = await startChains();
    toStop.push(chains);
    const { chainA, chainB } = chains;
    expect(chainA.chainId).toBe(31337);
    expect(chainB.chainId).toBe(31338);
    expect(chainA.port).not.toBe(chainB.port);
    expect(chainA.url).toBe(`http://127.0.0.1:${chainA.port}`);
    expect(await rpc(chainA.url, 'eth_chainId')).toBe('0x7a69');
    expect(await rpc(chainB.url, 'eth_chainId')).toBe('0x7a6a');
    // The dev mnemonic's first account is funded.
    const balance = await rpc(chainA.url, 'eth_getBalance', ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 'latest']);
    expect(BigInt(balance as string)).toBeGreaterThan(0n);

    expect(await portIsFree(chainA.port)).toBe(false);
    await chains.stop();
    expect(await portIsFree(chainA.port)).toBe(true);
    expect(await portIsFree(chainB.port)).toBe(true);
    await expect(rpc(chainA.url, 'eth_chainId')).rejects.toThrow();
    await chains.stop(); // idempotent
  });

  it('startHardhat() on a given port; refuses a port that is taken', { timeout: 150_000 }, async () => {
    const first: HardhatNode = await startHardhat({ chainId: 31337 });
    toStop.push(first);
    await expect(startHardhat({ port: first.port, chainId: 31337 })).rejects.toThrow(/already in use/);
    await first.stop();
    const again = await startHardhat({ port: first.port, chainId: 31339 });
    toStop.push(again);
    expect(again.port).toBe(first.port);
    expect(await rpc(again.url, 'eth_chainId')).toBe('0x7a6b');
    await again.stop();
    expect(await portIsFree(first.port)).toBe(true);
  });
});
