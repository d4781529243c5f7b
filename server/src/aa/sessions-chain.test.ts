/**
 * Sessions on a real Hardhat node through Alto and the verifying paymaster: `aa deploy`'s Zodiac
 * Roles v2, a user's Safe granting an ERC-7715 contract-call request to a session account (a
 * Safe owned by a session key), whose calls then land with no owner signature within the grant
 * and are refused outside it and after the revoke, each with its reason.
 */
import { toSafeSmartAccount } from 'permissionless/accounts';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  parseAbi,
  type Address,
  type Chain,
  type PublicClient,
} from 'viem';
import { createBundlerClient, entryPoint07Address, type SmartAccount } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDemoContracts } from '../../../scripts/lib/contracts.mjs';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { parseGrantRequest } from '../../../src/chains/eip155/sessions/permissions.js';
import { ROLES_ABI } from '../../../src/chains/eip155/sessions/roles-abi.js';
import { roleKey } from '../../../src/chains/eip155/sessions/roles-scope.js';
import {
  grantCalls,
  revokeCalls,
  rolesAddress,
  hasRolesLibraries,
  needsRolesLibraries,
  sessionCall,
  sessionRefusal,
  type Call,
} from '../../../src/chains/eip155/sessions/session-calls.js';
import { main, type CliIo } from '../cli/index.js';
import { deployAa, safeContracts, type AaDeployment } from './deploy.js';
import { devAccountKey } from './dev-keys.js';
import { paymasterStub, sponsor } from './sponsor.js';

const ERC20 = parseAbi([
  'function transfer(address,uint256) returns (bool)',
  'function approve(address,uint256) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
]);

let node: HardhatNode;
let client: PublicClient;
let chain: Chain;
let stack: AaDeployment;
let bundlerUrl: string;
let stopBundler: AbortController;
let exited: Promise<number>;
let dusd: Address;
let nft: Address;

beforeAll(async () => {
  node = await startHardhat();
  chain = { ...hardhat, rpcUrls: { default: { http: [node.url] } } };
  client = createPublicClient({ chain, transport: http(node.url), pollingInterval: 100 }) as PublicClient;
  ({ dusd, nft } = await deployDemoContracts(node.url));
  ({ deployment: stack } = await deployAa({ rpcUrl: node.url }));
  stopBundler = new AbortController();
  let stdout = '';
  const printed = new Promise<string>((resolve) => {
    const io: CliIo = {
      stdout: { write: (t: string) => ((stdout += t), /\n/.test(stdout) && resolve(stdout)) },
      stderr: { write: () => true },
      env: {},
      signal: stopBundler.signal,
    };
    exited = main(['bundler', '--evm-rpc', node.url, '--port', '0'], io);
    void exited.then((code) => resolve(`exited ${code}`));
  });
  bundlerUrl = (await printed).trim().split(' ')[1]!;
}, 90_000);

afterAll(async () => {
  stopBundler?.abort();
  if (exited) await exited;
  await node?.stop();
});

const safeOf = (key = generatePrivateKey()): Promise<SmartAccount> =>
  toSafeSmartAccount({
    client,
    owners: [privateKeyToAccount(key)],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
    ...safeContracts(),
  });

/** Sends `calls` from `account` as one user operation the paymaster sponsors; resolves when it lands. */
async function send(account: SmartAccount, calls: Call[]): Promise<void> {
  const validUntil = Math.floor(Date.now() / 1000) + 3600;
  const paymaster = stack.paymaster;
  const bundler = createBundlerClient({
    account,
    client,
    transport: http(bundlerUrl),
    pollingInterval: 100,
    paymaster: {
      getPaymasterStubData: async () => paymasterStub(paymaster, validUntil),
      getPaymasterData: async (userOperation) =>
        sponsor({ client, paymaster, signer: devAccountKey(0), userOperation: userOperation as never, validUntil }),
    },
  });
  const hash = await bundler.sendUserOperation({ calls });
  const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 20_000 });
  expect(receipt.success).toBe(true);
}

/** Why the session's call is refused (it must be). */
async function refusal(account: SmartAccount, calls: Call[]): Promise<string | undefined> {
  const error = await send(account, calls).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error, 'the call was refused').toBeDefined();
  return sessionRefusal(error);
}

const balanceOf = (token: Address, owner: Address) =>
  client.readContract({ address: token, abi: ERC20, functionName: 'balanceOf', args: [owner] });

describe('a session granted through Zodiac Roles', () => {
  it('calls the granted functions with no owner signature, refuses other functions and targets, and stops after the revoke', async () => {
    const user = await safeOf();
    const session = await safeOf();
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const funder = createWalletClient({ account: privateKeyToAccount(devAccountKey(0)), transport: http(node.url), chain });
    await client.waitForTransactionReceipt({
      hash: await funder.writeContract({ address: dusd, abi: ERC20, functionName: 'transfer', args: [user.address, 100_000_000n] }),
    });
    const now = Number((await client.getBlock()).timestamp);
    const request = parseGrantRequest(
      {
        chainId: '0x7a69',
        expiry: now + 3600,
        permissions: [{ type: 'contract-call', data: { address: dusd, functions: ['transfer(address,uint256)'] } }],
      },
      now,
    );
    const role = roleKey('pci-test-1');
    const deployment = { mastercopy: stack.roles, factory: stack.moduleProxyFactory };
    const roles = rolesAddress(user.address, deployment);
    // The grant: one user operation from the user's Safe (holding no ETH: sponsored) deploys its
    // Roles proxy, enables it as a module, scopes the role and makes the session account its member.
    await send(user, grantCalls({ safe: user.address, deployment, rolesReady: false, role, member: session.address, request }));
    expect(await client.readContract({ address: user.address, abi: ROLES_ABI, functionName: 'isModuleEnabled', args: [roles] })).toBe(true);
    const context = { roles, roleKey: role };

    // Within the grant: the session account's own user operation moves the Safe's DUSD.
    const transfer = (amount: bigint) =>
      sessionCall(context, {
        to: dusd,
        value: 0n,
        data: encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [recipient, amount] }),
      });
    await send(session, [transfer(600_000n)]);
    expect(await balanceOf(dusd, recipient)).toBe(600_000n);

    // Another function, another target, value it was not granted: refused with the reason, nothing moves.
    const approve = encodeFunctionData({ abi: ERC20, functionName: 'approve', args: [recipient, 1n] });
    expect(await refusal(session, [sessionCall(context, { to: dusd, value: 0n, data: approve })])).toBe('function not allowed');
    expect(await refusal(session, [sessionCall(context, { to: nft, value: 0n, data: approve })])).toBe('target not allowed');
    expect(await balanceOf(dusd, recipient)).toBe(600_000n);

    // The revoke (the owner's user operation): the next call is refused on chain.
    await send(user, revokeCalls(roles, role, session.address, request));
    expect(await refusal(session, [transfer(1n)])).toBe('session revoked or expired');
    expect(await balanceOf(dusd, recipient)).toBe(600_000n);
  }, 120_000);

  it("says a local chain cannot hold allowances: Roles v2.1's libraries are not there", async () => {
    const now = Number((await client.getBlock()).timestamp);
    const request = parseGrantRequest(
      {
        chainId: '0x7a69',
        expiry: now + 3600,
        permissions: [{ type: 'erc20-recurring-allowance', data: { token: dusd, allowance: '0xf4240', start: now, period: 86_400 } }],
      },
      now,
    );
    expect(needsRolesLibraries(request)).toBe(true);
    expect(await hasRolesLibraries((address) => client.getCode({ address }))).toBe(false);
  });
});
