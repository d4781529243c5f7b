/**
 * The session routes on a real Hardhat node with `aa deploy`'s stack, Alto and the backend: a
 * Safe grants a contract-call session to a session account (its own user operation), the frame
 * registers it (POST /v1/sessions, signed by the owner) with the revoke the owner signed for the
 * expiry; GET lists it; the session account calls within it; POST .../revoke (the owner's
 * signature of that revoke, valid now) submits it through the backend's bundler and the next
 * call is refused on chain; another session past its expiry is revoked by the sweeper. Bad
 * bodies, other accounts and forged signatures are refused in words.
 */
import { toSafeSmartAccount } from 'permissionless/accounts';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  hexToBigInt,
  http,
  keccak256,
  parseAbi,
  parseEther,
  toHex,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
} from 'viem';
import {
  createBundlerClient,
  entryPoint07Address,
  formatUserOperationRequest,
  type SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployDemoContracts } from '../../scripts/lib/contracts.mjs';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { parseGrantRequest } from '../../src/chains/eip155/sessions/permissions.js';
import { roleKey } from '../../src/chains/eip155/sessions/roles-scope.js';
import {
  grantCalls,
  revokeCalls,
  rolesAddress,
  sessionCall,
  sessionRefusal,
  type Call,
} from '../../src/chains/eip155/sessions/session-calls.js';
import { startBundler, type RunningBundler } from '../src/aa/bundler.js';
import { deployAa, safeContracts, type AaDeployment } from '../src/aa/deploy.js';
import { devAccountKey } from '../src/aa/dev-keys.js';
import { aaService } from '../src/aa/service.js';
import { paymasterStub, sponsor } from '../src/aa/sponsor.js';
import type { RunningServer } from '../src/index.js';
import { registrationMessage } from '../src/routes/sessions.js';
import { sweepExpiredSessions } from '../src/routes/sessions-revoke.js';
import { smartSessionsRepository } from '../src/storage/smart-sessions.js';
import { DEV, getJson, start } from './helpers.js';

const CHAIN = 'eip155:31337';
const ERC20 = parseAbi(['function transfer(address,uint256) returns (bool)', 'function balanceOf(address) view returns (uint256)']);
let node: HardhatNode;
let bundler: RunningBundler;
let server: RunningServer;
let client: PublicClient;
let chain: Chain;
let stack: AaDeployment;
let dusd: Address;

beforeAll(async () => {
  node = await startHardhat();
  chain = { ...hardhat, rpcUrls: { default: { http: [node.url] } } };
  client = createPublicClient({ chain, transport: http(node.url), pollingInterval: 100 }) as PublicClient;
  ({ dusd } = await deployDemoContracts(node.url));
  ({ deployment: stack } = await deployAa({ rpcUrl: node.url }));
  bundler = await startBundler({ rpcUrl: node.url, port: 0 });
  server = await start({ relayPort: false, framePort: false, seed: { wallets: 1 }, evmRpc: node.url, aa: { bundlerUrl: bundler.url } });
}, 90_000);

afterAll(async () => {
  await server?.close();
  await bundler?.stop();
  await node?.stop();
});

const safeOf = (key: Hex, extra: { validAfter?: number; nonceKey?: bigint } = {}): Promise<SmartAccount> =>
  toSafeSmartAccount({
    client,
    owners: [privateKeyToAccount(key)],
    version: '1.4.1',
    entryPoint: { address: entryPoint07Address, version: '0.7' },
    ...safeContracts(),
    ...extra,
  });

const bundlerOf = (account: SmartAccount, sponsored: boolean) => {
  const validUntil = Math.floor(Date.now() / 1000) + 3600;
  return createBundlerClient({
    account,
    client,
    transport: http(bundler.url),
    pollingInterval: 100,
    ...(sponsored && {
      paymaster: {
        getPaymasterStubData: async () => paymasterStub(stack.paymaster, validUntil),
        getPaymasterData: async (userOperation) =>
          sponsor({ client, paymaster: stack.paymaster, signer: devAccountKey(0), userOperation: userOperation as never, validUntil }),
      },
    }),
  });
};

async function send(account: SmartAccount, calls: Call[], sponsored = true): Promise<void> {
  const b = bundlerOf(account, sponsored);
  const receipt = await b.waitForUserOperationReceipt({ hash: await b.sendUserOperation({ calls }), timeout: 20_000 });
  expect(receipt.success).toBe(true);
}

const post = (path: string, body: unknown) =>
  getJson(server, `${path}?projectId=${DEV}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

interface Granted {
  pci: string;
  owner: Hex;
  user: SmartAccount;
  session: SmartAccount;
  roles: Address;
  role: Hex;
  calls: Call[];
  /** The revoke, prepared on the session's own nonce key, signed for the expiry. */
  revokeOp: Record<string, unknown>;
  /** The owner's signature of the same revoke, valid now. */
  revokeNow: Hex;
  expiry: number;
}

/** A Safe (1 ETH, 100 DUSD) grants a DUSD-transfer session; the revoke is prepared and signed twice. */
async function grant(expiresIn: number): Promise<Granted> {
  const owner = generatePrivateKey();
  const pci = `pci-${toHex(crypto.getRandomValues(new Uint8Array(8))).slice(2)}`;
  const user = await safeOf(owner);
  const session = await safeOf(generatePrivateKey());
  const funder = createWalletClient({ account: privateKeyToAccount(devAccountKey(1)), transport: http(node.url), chain });
  await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: user.address, value: parseEther('1') }) });
  const deployer = createWalletClient({ account: privateKeyToAccount(devAccountKey(0)), transport: http(node.url), chain });
  await client.waitForTransactionReceipt({
    hash: await deployer.writeContract({ address: dusd, abi: ERC20, functionName: 'transfer', args: [user.address, 100_000_000n] }),
  });
  const now = Math.floor(Date.now() / 1000);
  const request = parseGrantRequest(
    {
      chainId: '0x7a69',
      expiry: now + 3600,
      permissions: [{ type: 'contract-call', data: { address: dusd, functions: ['transfer(address,uint256)'] } }],
    },
    now,
  );
  const role = roleKey(pci);
  const deployment = { mastercopy: stack.roles, factory: stack.moduleProxyFactory };
  const roles = rolesAddress(user.address, deployment);
  await send(user, grantCalls({ safe: user.address, deployment, rolesReady: false, role, member: session.address, request }));
  const expiry = Math.floor(Date.now() / 1000) + expiresIn;
  // The revoke on a nonce key of the session's own (the Safe's other operations never make it stale), paid by the Safe.
  const nonceKey = hexToBigInt(keccak256(toHex(pci))) >> 64n;
  const calls = revokeCalls(roles, role, session.address, request);
  const later = await safeOf(owner, { validAfter: expiry, nonceKey });
  const prepared = (await bundlerOf(later, false).prepareUserOperation({ calls })) as UserOperation<'0.7'>;
  const revokeOp = formatUserOperationRequest({ ...prepared, signature: await later.signUserOperation(prepared) }) as Record<
    string,
    unknown
  >;
  const nowAccount = await safeOf(owner, { nonceKey });
  const revokeNow = await nowAccount.signUserOperation(prepared);
  return { pci, owner, user, session, roles, role, calls, revokeOp, revokeNow, expiry };
}

async function register(g: Granted, signer: Hex = g.owner) {
  const body = { chainId: CHAIN, account: g.user.address, pci: g.pci, origin: 'https://dapp.example', expiry: g.expiry };
  return post('/v1/sessions', {
    ...body,
    permissions: [{ type: 'contract-call', data: { address: dusd, functions: ['transfer(address,uint256)'] } }],
    context: { roles: g.roles, roleKey: g.role, sessionAccount: g.session.address, allowanceKeys: [] },
    revokeOp: g.revokeOp,
    signature: await privateKeyToAccount(signer).signMessage({ message: registrationMessage(body) }),
  });
}

const transfer = (g: Granted, amount: bigint) =>
  sessionCall(
    { roles: g.roles, roleKey: g.role },
    { to: dusd, value: 0n, data: encodeFunctionData({ abi: ERC20, functionName: 'transfer', args: [g.session.address, amount] }) },
  );

async function refusal(account: SmartAccount, calls: Call[]): Promise<string | undefined> {
  const error = await send(account, calls).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error, 'the call was refused').toBeDefined();
  return sessionRefusal(error);
}

describe('session routes', () => {
  it('registers a session, lists it, and revokes it through the bundler so the next call is refused on chain', async () => {
    const g = await grant(3600);
    expect((await register(g, generatePrivateKey())).body).toEqual({ message: 'The signature is not the account’s', field: 'signature' });
    expect(await register(g)).toMatchObject({ status: 200, body: { success: true } });
    expect((await register(g)).status).toBe(409);
    const listed = await getJson(server, `/v1/sessions/${g.user.address}?projectId=${DEV}`);
    expect(listed.body.sessions).toEqual([
      expect.objectContaining({
        pci: g.pci,
        chainId: CHAIN,
        origin: 'https://dapp.example',
        expiry: g.expiry,
        status: 'active',
        allowances: [],
      }),
    ]);
    await send(g.session, [transfer(g, 1_000n)]);

    expect((await post(`/v1/sessions/${g.session.address}/revoke`, { pci: g.pci, signature: g.revokeNow })).status).toBe(404);
    const forged = await post(`/v1/sessions/${g.user.address}/revoke`, { pci: g.pci, signature: `0x${'00'.repeat(77)}` });
    expect(forged).toMatchObject({
      status: 400,
      body: { field: 'signature', message: expect.stringContaining('The session could not be revoked') },
    });
    expect(await post(`/v1/sessions/${g.user.address}/revoke`, { pci: g.pci, signature: g.revokeNow })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await refusal(g.session, [transfer(g, 1n)])).toBe('session revoked or expired');
    const after = await getJson(server, `/v1/sessions/${g.user.address}?projectId=${DEV}`);
    expect(after.body.sessions[0].status).toBe('revoked');
  }, 120_000);

  it('revokes an expired session by the revoke the owner signed for its expiry (the sweeper)', async () => {
    const g = await grant(10);
    expect((await register(g)).status).toBe(200);
    const aa = aaService(node.url, { bundlerUrl: bundler.url });
    const sessions = smartSessionsRepository(server.storage);
    // Not due yet: nothing is submitted.
    expect(await sweepExpiredSessions(aa, sessions)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, (g.expiry + 1) * 1000 - Date.now()));
    await client.request({ method: 'evm_mine' as never });
    expect(await sweepExpiredSessions(aa, sessions)).toEqual([g.pci]);
    expect(await refusal(g.session, [transfer(g, 1n)])).toBe('session revoked or expired');
    expect((await sessions.get(g.pci))?.status).toBe('expired');
  }, 120_000);

  it('refuses malformed bodies naming the field', async () => {
    const bad = await post('/v1/sessions', { chainId: 'eip155:31337', account: '0x12' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/account|pci/);
  });
});
