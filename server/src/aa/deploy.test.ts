/**
 * `aa deploy` against a real Hardhat node: the stack at its addresses (EntryPoint v0.7 at the
 * canonical address), one JSON line, a second run that deploys nothing and prints the same
 * line, the paymaster owned by the deployer with its deposit, and the refusals of bad flags.
 */
import { createPublicClient, getAddress, http, parseAbi, type Address } from 'viem';
import { entryPoint07Address } from 'viem/account-abstraction';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { main, type CliIo } from '../cli/index.js';
import { tempDir } from '../../test/helpers.js';
import { CREATE2_DEPLOYER } from './create2.js';
import { DEV_PAYMASTER_DEPOSIT, safeContracts } from './deploy.js';
import { SINGLETON_FACTORY } from './roles.js';

let node: HardhatNode;
let dir: { dir: string; remove: () => void };
beforeAll(async () => {
  node = await startHardhat();
  dir = tempDir();
}, 60_000);
afterAll(async () => {
  dir?.remove();
  await node?.stop();
});

async function cli(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run('aa', 'deploy', ...argv);
}

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    env: {},
    cwd: dir.dir,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

const DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('aa deploy', () => {
  it('deploys the CREATE2 deployer, the canonical EntryPoint, the Safe contracts and a paymaster once, printing the same line twice', async () => {
    const client = createPublicClient({ transport: http(node.url) });
    expect(await client.getCode({ address: entryPoint07Address })).toBeUndefined();
    // The bundler needs the EntryPoint, and says so.
    expect(await run('bundler', '--evm-rpc', node.url, '--port', '0')).toEqual({
      code: 1,
      stdout: '',
      stderr: `w3kit-server bundler: chain 31337 has no EntryPoint v0.7 at ${entryPoint07Address}: run 'w3kit-server aa deploy' first\n`,
    });
    const first = await cli('--evm-rpc', node.url);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout.split('\n')).toEqual([expect.any(String), '']);
    const line = JSON.parse(first.stdout);
    expect(Object.keys(line)).toEqual(['chainId', 'entryPoint', 'factory', 'paymaster', 'roles', 'moduleProxyFactory']);
    expect(line).toMatchObject({
      chainId: 31337,
      entryPoint: entryPoint07Address,
      factory: safeContracts().safeProxyFactoryAddress,
      // Zodiac Roles v2.1's mastercopy and the ModuleProxyFactory 1.2.0 at their mainnet addresses (ERC-2470 factory).
      roles: '0x9646fDAD06d3e24444381f44362a3B0eB343D337',
      moduleProxyFactory: '0x000000000000aDdB49795b0f9bA5BC298cDda236',
    });
    for (const address of [CREATE2_DEPLOYER, SINGLETON_FACTORY, line.roles, line.moduleProxyFactory])
      expect(await client.getCode({ address }), address).toMatch(/^0x[0-9a-f]{40,}/);
    for (const address of [CREATE2_DEPLOYER, entryPoint07Address, line.paymaster, ...Object.values(safeContracts())])
      expect(await client.getCode({ address }), address).toMatch(/^0x[0-9a-f]{40,}/);
    // The CREATE2 deployer came by its presigned transaction (Hardhat takes it), not by hardhat_setCode.
    expect(await client.getTransactionCount({ address: '0x3fab184622dc19b6109349b94811493bf2a45362' })).toBe(1);
    const paymasterAbi = parseAbi(['function owner() view returns (address)', 'function verifyingSigner() view returns (address)']);
    expect(await client.readContract({ address: line.paymaster, abi: paymasterAbi, functionName: 'owner' })).toBe(DEPLOYER);
    expect(await client.readContract({ address: line.paymaster, abi: paymasterAbi, functionName: 'verifyingSigner' })).toBe(DEPLOYER);
    const depositOf = parseAbi(['function balanceOf(address) view returns (uint256)']);
    const deposit = () =>
      client.readContract({ address: entryPoint07Address, abi: depositOf, functionName: 'balanceOf', args: [line.paymaster] });
    expect(await deposit()).toBe(DEV_PAYMASTER_DEPOSIT);

    const block = await client.getBlockNumber();
    const second = await cli('--evm-rpc', node.url);
    expect(second).toEqual({ code: 0, stdout: first.stdout, stderr: '' });
    expect(await client.getBlockNumber()).toBe(block);

    // Another verifying signer: another paymaster, the rest as it was.
    const other = await cli('--evm-rpc', node.url, '--paymaster-signer', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(other.code).toBe(0);
    const otherLine = JSON.parse(other.stdout);
    expect(otherLine).toMatchObject({ entryPoint: line.entryPoint, factory: line.factory, roles: line.roles });
    expect(getAddress(otherLine.paymaster)).not.toBe(getAddress(line.paymaster));
  }, 60_000);

  it('refuses bad flags and an unreachable chain in words', async () => {
    expect(await cli()).toMatchObject({ code: 2, stderr: expect.stringContaining("'aa deploy' needs --evm-rpc URL") });
    expect(await cli('--evm-rpc', node.url, '--deployer-key', '0x12')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('the deployer key must be 0x and 64 hex characters'),
    });
    expect(await cli('--evm-rpc', node.url, '--paymaster-signer', 'me')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--paymaster-signer 'me' is not an address"),
    });
    expect(await cli('--evm-rpc', node.url, '--paymaster-deposit', 'lots')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--paymaster-deposit 'lots' is not an amount of ETH"),
    });
    expect(await run('bundler', '--evm-rpc', node.url, '--port', 'x')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Invalid --port "x": must be an integer from 0 to 65535'),
    });
    expect(await run('bundler', '--evm-rpc', node.url, '--executor-key', '0x1')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--executor-key must be 0x and 64 hex characters'),
    });
    const closed = await cli('--evm-rpc', 'http://127.0.0.1:1');
    expect(closed).toMatchObject({ code: 1, stderr: expect.stringContaining('w3kit-server aa deploy: cannot reach the EVM RPC') });
  });
});
