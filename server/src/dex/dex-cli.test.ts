/**
 * `w3kit-server dex deploy` against a real Hardhat node: one JSON line with the contracts, the
 * record in the data folder, a second run that deploys nothing, and the errors of bad flags, an
 * unreachable RPC, a token the deployer does not hold and the default key on another chain.
 */
import path from 'node:path';
import { createPublicClient, http, parseEther, type Address } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deployDemoContracts } from '../../../scripts/lib/contracts.mjs';
import { freePort, startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { tempDir } from '../../test/helpers.js';
import { main, type CliIo } from '../cli/index.js';
import { openDatabase } from '../db/open.js';
import { sqliteStorage } from '../storage/engine.js';
import { erc20Abi, factoryAbi, pairAbi } from './abi.js';
import { LIQUIDITY_HOLDER } from './deploy.js';
import { getDex, saveDex } from './store.js';

let node: HardhatNode;
let demo: Awaited<ReturnType<typeof deployDemoContracts>>;
let dir: string;
let remove: () => void;

beforeAll(async () => {
  node = await startHardhat();
  demo = await deployDemoContracts(node.url);
}, 60_000);
afterAll(() => node?.stop());
beforeEach(() => ({ dir, remove } = tempDir()));
afterEach(() => remove());

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env: {}, cwd: dir };
  const code = await main(['dex', 'deploy', ...argv, '--data', path.join(dir, 'data')], io);
  return { code, stdout, stderr };
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const DEPLOYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('dex deploy', () => {
  it('deploys Uniswap V2 pairing the given tokens, prints one JSON line, records it, and deploys nothing the second time', async () => {
    const first = await cli('--evm-rpc', node.url, '--token', demo.dusd, '--token', demo.dusdt);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n')).toHaveLength(2);
    const printed = JSON.parse(first.stdout);
    expect(printed).toEqual({
      chainId: 31337,
      factory: expect.stringMatching(ADDRESS),
      router: expect.stringMatching(ADDRESS),
      weth: expect.stringMatching(ADDRESS),
      tokens: [
        { symbol: 'DUSD', address: demo.dusd, decimals: 6 },
        { symbol: 'DUSDT', address: demo.dusdt, decimals: 6 },
      ],
    });
    const db = openDatabase(path.join(dir, 'data'));
    try {
      expect(await getDex(sqliteStorage(db), 31337)).toMatchObject({
        ...printed,
        tokens: printed.tokens.map((t: object) => expect.objectContaining(t)),
      });
    } finally {
      db.close();
    }
    const client = createPublicClient({ transport: http(node.url) });
    expect(await client.getCode({ address: printed.router })).toMatch(/^0x[0-9a-f]{100,}/);
    // Pools at 1 ETH = 3000 DUSD (200 ETH deep), DUSD/DUSDT 1:1; the liquidity tokens burnt, none with the deployer.
    const reserves = async (a: Address, b: Address) => {
      const pair = await client.readContract({ address: printed.factory, abi: factoryAbi, functionName: 'getPair', args: [a, b] });
      const [token0, [r0, r1], burnt, deployer] = await Promise.all([
        client.readContract({ address: pair, abi: pairAbi, functionName: 'token0' }),
        client.readContract({ address: pair, abi: pairAbi, functionName: 'getReserves' }),
        client.readContract({ address: pair, abi: erc20Abi, functionName: 'balanceOf', args: [LIQUIDITY_HOLDER] }),
        client.readContract({ address: pair, abi: erc20Abi, functionName: 'balanceOf', args: [DEPLOYER] }),
      ]);
      expect(burnt).toBeGreaterThan(0n);
      expect(deployer).toBe(0n);
      return token0.toLowerCase() === a.toLowerCase() ? [r0, r1] : [r1, r0];
    };
    expect(await reserves(printed.weth, demo.dusd)).toEqual([parseEther('200'), 600_000_000_000n]);
    expect(await reserves(demo.dusd, demo.dusdt)).toEqual([100_000_000_000n, 100_000_000_000n]);
    const before = await client.getTransactionCount({ address: DEPLOYER });
    const second = await cli('--evm-rpc', node.url, '--token', demo.dusd, '--token', demo.dusdt);
    expect(second).toEqual({ code: 0, stdout: first.stdout, stderr: '' });
    expect(await client.getTransactionCount({ address: DEPLOYER })).toBe(before);
  });

  it('deploys two demo tokens of its own without --token, replacing a recorded DEX whose router is gone', async () => {
    const gone = { chainId: 31337, factory: DEPLOYER, router: LIQUIDITY_HOLDER, weth: DEPLOYER, tokens: [] };
    const db = openDatabase(path.join(dir, 'data'));
    try {
      await saveDex(sqliteStorage(db), gone);
    } finally {
      db.close();
    }
    const { code, stdout } = await cli('--evm-rpc', node.url);
    expect(code).toBe(0);
    const printed = JSON.parse(stdout) as { router: Address; tokens: { symbol: string; address: Address; decimals: number }[] };
    expect(printed.router).not.toBe(LIQUIDITY_HOLDER);
    const again = openDatabase(path.join(dir, 'data'));
    try {
      expect((await getDex(sqliteStorage(again), 31337))?.router).toBe(printed.router);
    } finally {
      again.close();
    }
    expect(printed.tokens.map((t) => [t.symbol, t.decimals])).toEqual([
      ['DUSD', 6],
      ['DUSDT', 6],
    ]);
    expect(printed.tokens.map((t) => t.address)).not.toContain(demo.dusd);
    const client = createPublicClient({ transport: http(node.url) });
    expect(await client.readContract({ address: printed.tokens[0]!.address, abi: erc20Abi, functionName: 'symbol' })).toBe('DUSD');
  });

  it('names what was wrong: bad flags (exit 2), an unreachable RPC and a token the deployer does not hold (exit 1)', async () => {
    expect(await cli()).toMatchObject({ code: 2, stderr: expect.stringContaining("'dex deploy' needs --evm-rpc URL") });
    expect(await cli('--evm-rpc', 'ftp://x')).toMatchObject({ code: 2, stderr: expect.stringContaining('Invalid --evm-rpc "ftp://x"') });
    expect(await cli('--evm-rpc', 'ws://127.0.0.1:1')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Invalid --evm-rpc 'ws://127.0.0.1:1': must be an http:// or https:// URL"),
    });
    expect(await cli('--evm-rpc', node.url, '--token', '0x12')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--token '0x12' is not an address"),
    });
    expect(await cli('--evm-rpc', node.url, '--deployer-key', 'abc')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--deployer-key must be 0x and 64 hex characters'),
    });
    expect(await cli('--evm-rpc', node.url, '--port', '1')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--port is not an option of 'dex deploy'"),
    });
    const dead = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await cli('--evm-rpc', dead);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(new RegExp(`^w3kit-server dex deploy: cannot reach the EVM RPC ${dead}: .+\\n$`));
    // The NFT contract is no ERC-20, and account 1 holds no DUSD.
    expect(await cli('--evm-rpc', node.url, '--token', demo.nft)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`--token ${demo.nft} is not an ERC-20`),
    });
    const other = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    expect(await cli('--evm-rpc', node.url, '--token', demo.dusd, '--deployer-key', other)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        new RegExp(`--token ${demo.dusd} \\(DUSD\\): the deployer 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 holds 0 base units`),
      ),
    });
  });

  it('refuses the default key on a chain that is not a development chain, naming --deployer-key', async () => {
    const other = await startHardhat({ chainId: 5 });
    try {
      const { code, stderr } = await cli('--evm-rpc', other.url);
      expect(code).toBe(2);
      expect(stderr).toContain("chain 5 is not a development chain (31337, 1337): pass the deployer's key with --deployer-key 0xKEY");
    } finally {
      await other.stop();
    }
  }, 60_000);
});
