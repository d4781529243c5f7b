/**
 * The stack end to end on a real Hardhat node: `aa deploy`, then `w3kit-server bundler` (Alto
 * as its own process) printing its line, then real user operations through it from
 * counterfactual Safe accounts (permissionless' toSafeSmartAccount, viem's bundler client): the
 * first deploys the account and pays its own gas; the second, from an account holding zero
 * ETH, is sponsored by the verifying paymaster. Ctrl-C (the io's abort signal) stops Alto.
 */
import { toSafeSmartAccount } from 'permissionless/accounts';
import { createPublicClient, createWalletClient, http, parseEther, type Address, type Chain, type PublicClient } from 'viem';
import { createBundlerClient, entryPoint07Address, type SmartAccount } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { main, type CliIo } from '../cli/index.js';
import { deployAa, safeContracts, type AaDeployment } from './deploy.js';
import { devAccountKey } from './dev-keys.js';
import { paymasterStub, sponsor } from './sponsor.js';

let node: HardhatNode;
let client: PublicClient;
let chain: Chain;
let stack: AaDeployment;
let bundlerUrl: string;
let stopBundler: AbortController;
let exited: Promise<number>;

beforeAll(async () => {
  node = await startHardhat();
  chain = { ...hardhat, rpcUrls: { default: { http: [node.url] } } };
  client = createPublicClient({ chain, transport: http(node.url), pollingInterval: 100 }) as PublicClient;
  ({ deployment: stack } = await deployAa({ rpcUrl: node.url }));
  stopBundler = new AbortController();
  let stdout = '';
  let stderr = '';
  const printed = new Promise<string>((resolve) => {
    const io: CliIo = {
      stdout: { write: (t: string) => ((stdout += t), /\n/.test(stdout) && resolve(stdout)) },
      stderr: { write: (t: string) => (stderr += t) },
      env: {},
      signal: stopBundler.signal,
    };
    exited = main(['bundler', '--evm-rpc', node.url, '--port', '0'], io);
    void exited.then((code) => resolve(`exited ${code}: ${stderr}`));
  });
  const line = await printed;
  expect(line).toMatch(/^bundler http:\/\/127\.0\.0\.1:\d+\n$/);
  bundlerUrl = line.trim().split(' ')[1]!;
}, 60_000);

afterAll(async () => {
  stopBundler?.abort();
  if (exited) expect(await exited).toBe(0);
  await node?.stop();
});

async function safeAccount(): Promise<SmartAccount> {
  return toSafeSmartAccount({
    client,
    owners: [privateKeyToAccount(generatePrivateKey())],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
    ...safeContracts(),
  });
}

const bundlerFor = (account: SmartAccount, paymaster?: Parameters<typeof createBundlerClient>[0]['paymaster']) =>
  createBundlerClient({ account, client, transport: http(bundlerUrl), paymaster, pollingInterval: 100 });

describe('a user operation through the bundler', () => {
  it('answers eth_supportedEntryPoints with the canonical EntryPoint', async () => {
    const bundler = createBundlerClient({ client, transport: http(bundlerUrl) });
    expect(await bundler.getSupportedEntryPoints()).toEqual([entryPoint07Address]);
  });

  it("deploys a counterfactual Safe with its first operation, paid from the account's own ETH", async () => {
    const account = await safeAccount();
    expect(await client.getCode({ address: account.address })).toBeUndefined();
    const funder = createWalletClient({ account: privateKeyToAccount(devAccountKey(5)), transport: http(node.url), chain });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }) });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const bundler = bundlerFor(account);
    const hash = await bundler.sendUserOperation({ calls: [{ to: recipient, value: 12_345n }] });
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 20_000 });
    expect(receipt.success).toBe(true);
    expect(receipt.sender).toBe(account.address);
    expect(receipt.paymaster).toBeUndefined();
    expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+/);
    expect(await client.getBalance({ address: recipient })).toBe(12_345n);
    expect(await client.getBalance({ address: account.address })).toBeLessThan(parseEther('1') - 12_345n);
  }, 30_000);

  it('sends a sponsored operation from an account holding zero ETH through the verifying paymaster', async () => {
    const account = await safeAccount();
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const validUntil = Math.floor(Date.now() / 1000) + 3600;
    const paymaster = stack.paymaster as Address;
    const deposit = await paymasterDeposit(paymaster);
    const bundler = bundlerFor(account, {
      getPaymasterStubData: async () => paymasterStub(paymaster, validUntil),
      getPaymasterData: async (userOperation) =>
        sponsor({ client, paymaster, signer: devAccountKey(0), userOperation: userOperation as never, validUntil }),
    });
    // Zero ETH and no stake of its own: the account cannot pay, so the paymaster must.
    expect(await client.getBalance({ address: account.address })).toBe(0n);
    const hash = await bundler.sendUserOperation({ calls: [{ to: recipient, value: 0n, data: '0x' }] });
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 20_000 });
    expect(receipt.success).toBe(true);
    expect(receipt.paymaster).toBe(paymaster);
    expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+/);
    expect(await client.getBalance({ address: account.address })).toBe(0n);
    expect(await paymasterDeposit(paymaster)).toBe(deposit - receipt.actualGasCost);
  }, 30_000);

  it("refuses a sponsored operation whose paymaster signature is not the verifying signer's", async () => {
    const account = await safeAccount();
    const validUntil = Math.floor(Date.now() / 1000) + 3600;
    const paymaster = stack.paymaster as Address;
    const bundler = bundlerFor(account, {
      getPaymasterStubData: async () => paymasterStub(paymaster, validUntil),
      getPaymasterData: async (userOperation) =>
        sponsor({ client, paymaster, signer: generatePrivateKey(), userOperation: userOperation as never, validUntil }),
    });
    await expect(bundler.sendUserOperation({ calls: [{ to: account.address, value: 0n }] })).rejects.toThrow(/AA34|signature/i);
  }, 30_000);
});

async function paymasterDeposit(paymaster: Address): Promise<bigint> {
  return client.readContract({
    address: entryPoint07Address,
    abi: [{ type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ type: 'address' }], outputs: [{ type: 'uint256' }] }],
    functionName: 'balanceOf',
    args: [paymaster],
  });
}
