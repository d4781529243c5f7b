/**
 * scripts/lib/aa.mjs through the built bin on a real Hardhat node: `aa deploy` twice (the same
 * line), then `w3kit-server bundler` answering for the canonical EntryPoint, and SIGTERM to the
 * bin stopping Alto with it (its port no longer answers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployAa, startBundler } from './aa.mjs';
import { startHardhat, type HardhatNode } from './hardhat.mjs';

let node: HardhatNode;
beforeAll(async () => {
  node = await startHardhat();
}, 60_000);
afterAll(() => node?.stop());

const rpc = (url: string, method: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
    signal: AbortSignal.timeout(2_000),
  }).then((r) => r.json() as Promise<{ result?: unknown }>);

describe('scripts/lib/aa.mjs', () => {
  it('deploys once, starts the bundler, and SIGTERM stops Alto with the bin', async () => {
    const first = await deployAa(node.url);
    expect(first).toMatchObject({ chainId: 31337, entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' });
    expect(await deployAa(node.url)).toEqual(first);
    const bundler = await startBundler({ rpcUrl: node.url });
    expect(bundler.url).toBe(`http://127.0.0.1:${bundler.port}`);
    expect((await rpc(bundler.url, 'eth_supportedEntryPoints')).result).toEqual([first.entryPoint]);
    await bundler.close();
    await expect(rpc(bundler.url, 'eth_supportedEntryPoints')).rejects.toThrow();
  }, 60_000);
});
