/**
 * The backend's smart-account routes on a real Hardhat node with `aa deploy`'s stack and Alto:
 * a user operation sent through POST /v1/bundler/{chainId} with paymaster data from POST
 * /v1/paymaster/{chainId} is mined with zero ETH in the account; the daily gas budget refuses an
 * operation past it, also when two requests race; methods off the allowlist, other origins and
 * a chain without a bundler are refused in words; the enabled networks list the chain.
 */
import { toSafeSmartAccount } from 'permissionless/accounts';
import { createPublicClient, http, numberToHex, type PublicClient } from 'viem';
import { createBundlerClient, createPaymasterClient, entryPoint07Address } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { startBundler, type RunningBundler } from '../src/aa/bundler.js';
import { deployAa, safeContracts, type AaDeployment } from '../src/aa/deploy.js';
import type { RunningServer } from '../src/index.js';
import { api } from './blockchain-helpers.js';
import { DEV, getJson, LOCAL_ORIGIN, start } from './helpers.js';

const CHAIN = 'eip155:31337';
const DAILY_GAS = 3_000_000;
let node: HardhatNode;
let bundler: RunningBundler;
let server: RunningServer;
let client: PublicClient;
let stack: AaDeployment;

beforeAll(async () => {
  node = await startHardhat();
  client = createPublicClient({
    chain: { ...hardhat, rpcUrls: { default: { http: [node.url] } } },
    transport: http(node.url),
  }) as PublicClient;
  ({ deployment: stack } = await deployAa({ rpcUrl: node.url }));
  bundler = await startBundler({ rpcUrl: node.url, port: 0 });
  server = await start({
    relayPort: false,
    framePort: false,
    seed: { wallets: 1 },
    evmRpc: node.url,
    aa: { bundlerUrl: bundler.url, dailyGas: DAILY_GAS },
  });
}, 90_000);

afterAll(async () => {
  await server?.close();
  await bundler?.stop();
  await node?.stop();
});

const routeUrl = (route: 'bundler' | 'paymaster', s = server, chain = CHAIN) => `${s.url}/v1/${route}/${chain}?projectId=${DEV}`;

const rpc = async (
  route: 'bundler' | 'paymaster',
  method: string,
  params: unknown[] = [],
  init: RequestInit = {},
  s = server,
  chain = CHAIN,
) => {
  const path = routeUrl(route, s, chain).slice(s.url.length);
  return getJson(s, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
};

/** A user operation of a fresh account with the given call gas limit (the other limits small). */
const syntheticOp = (callGasLimit: number) => ({
  sender: privateKeyToAccount(generatePrivateKey()).address,
  nonce: '0x0',
  callData: '0x',
  callGasLimit: numberToHex(callGasLimit),
  verificationGasLimit: numberToHex(100_000),
  preVerificationGas: numberToHex(50_000),
  maxFeePerGas: numberToHex(2_000_000_000),
  maxPriorityFeePerGas: numberToHex(1_000_000_000),
});

describe('a sponsored user operation through the backend', () => {
  it('is mined from an account holding zero ETH, its paymaster data from the paymaster route', async () => {
    const account = await toSafeSmartAccount({
      client,
      owners: [privateKeyToAccount(generatePrivateKey())],
      version: '1.4.1',
      entryPoint: { address: entryPoint07Address, version: '0.7' },
      ...safeContracts(),
    });
    const bundlerClient = createBundlerClient({
      account,
      client,
      transport: http(routeUrl('bundler')),
      paymaster: createPaymasterClient({ transport: http(routeUrl('paymaster')) }),
      pollingInterval: 100,
    });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    expect(await client.getBalance({ address: account.address })).toBe(0n);
    const hash = await bundlerClient.sendUserOperation({ calls: [{ to: recipient, value: 0n, data: '0x' }] });
    const receipt = await bundlerClient.waitForUserOperationReceipt({ hash, timeout: 20_000 });
    expect(receipt.success).toBe(true);
    expect(receipt.paymaster).toBeDefined();
    expect(await client.getCode({ address: account.address })).toMatch(/^0x[0-9a-f]+/);
    expect(await client.getBalance({ address: account.address })).toBe(0n);
  }, 40_000);

  it('lists the chain among the smart-account enabled networks', async () => {
    const reply = await api(server, '/v1/smart-accounts/networks');
    expect(reply).toMatchObject({ status: 200, body: { smartAccountEnabledNetworks: [31337] } });
  });

  it("answers the chain's smart-account contracts: where aa deploy put them, and the paymaster", async () => {
    const reply = await api(server, `/v1/smart-accounts/${CHAIN}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      chainId: CHAIN,
      account: 'safe-1.4.1',
      entryPoint: { address: entryPoint07Address, version: '0.7' },
      ...safeContracts(),
      paymaster: stack.paymaster,
    });
    for (const address of [...Object.values(safeContracts()), stack.paymaster])
      expect(await client.getCode({ address: address as `0x${string}` })).toMatch(/^0x[0-9a-f]{2,}/);
    const other = await api(server, '/v1/smart-accounts/eip155:1');
    expect(other).toMatchObject({ status: 404, body: { message: 'Chain eip155:1 is not a smart-account enabled network of this server' } });
    expect((await api(server, '/v1/smart-accounts/31337')).status).toBe(400);
  });
});

describe('the daily gas budget', () => {
  const params = (op: unknown) => [op, entryPoint07Address, numberToHex(31337), {}];

  it('signs up to the budget and refuses the operation past it, in words', async () => {
    const op = syntheticOp(1_500_000);
    const first = await rpc('paymaster', 'pm_getPaymasterData', params(op));
    expect(first.body.result.paymasterData).toMatch(/^0x[0-9a-f]+$/);
    const second = await rpc('paymaster', 'pm_getPaymasterData', params({ ...op, nonce: '0x1' }));
    expect(second.status).toBe(200);
    expect(second.body).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: {
        code: -32000,
        message: `The paymaster does not sponsor this operation: the account's daily gas budget (${DAILY_GAS} gas) would be exceeded`,
      },
    });
  }, 20_000);

  it('lets one of two racing requests through when both do not fit', async () => {
    const op = syntheticOp(1_500_000);
    const replies = await Promise.all([0, 1].map((n) => rpc('paymaster', 'pm_getPaymasterData', params({ ...op, nonce: numberToHex(n) }))));
    expect(replies.filter((r) => r.body.result).length).toBe(1);
    expect(replies.filter((r) => r.body.error?.code === -32000).length).toBe(1);
  }, 20_000);

  it('refuses a user operation that is not one, naming the field', async () => {
    const reply = await rpc('paymaster', 'pm_getPaymasterStubData', params({ ...syntheticOp(1), sender: 'me' }));
    expect(reply.body.error).toEqual({
      code: -32602,
      message: "Invalid user operation field 'sender': must be an address (0x and 40 hex characters)",
    });
  });
});

describe('refusals', () => {
  it('refuses a method off the allowlist, naming it', async () => {
    const reply = await rpc('bundler', 'eth_sendRawTransaction', ['0x00']);
    expect(reply.status).toBe(200);
    expect(reply.body.error.code).toBe(-32601);
    expect(reply.body.error.message).toMatch(
      /^Method 'eth_sendRawTransaction' is not served by the bundler route; it serves eth_sendUserOperation, /,
    );
  });

  it("passes the bundler's JSON-RPC errors on", async () => {
    const reply = await rpc('bundler', 'eth_sendUserOperation', [{ sender: '0x12' }, entryPoint07Address]);
    expect(reply.status).toBe(200);
    expect(typeof reply.body.error.code).toBe('number');
    expect(reply.body.error.message.length).toBeGreaterThan(0);
  });

  it("answers eth_supportedEntryPoints and Alto's gas prices through the proxy", async () => {
    const reply = await rpc('bundler', 'eth_supportedEntryPoints');
    expect(reply.body).toEqual({ jsonrpc: '2.0', id: 7, result: [entryPoint07Address] });
    const prices = await rpc('bundler', 'pimlico_getUserOperationGasPrice');
    expect(prices.body.result.fast.maxFeePerGas).toMatch(/^0x[0-9a-f]+$/);
  });

  it('refuses an origin the project does not allow', async () => {
    const refused = await rpc('bundler', 'eth_chainId', [], { headers: { origin: 'https://evil.example' } });
    expect(refused.status).toBe(403);
    const allowed = await rpc('bundler', 'eth_chainId', [], { headers: { origin: LOCAL_ORIGIN } });
    expect(allowed.body.result).toBe('0x7a69');
  });

  it('refuses another chain, and a chain without a bundler, in words', async () => {
    const other = await rpc('bundler', 'eth_chainId', [], {}, server, 'eip155:1');
    expect(other.body.error).toEqual({ code: -32003, message: 'Chain eip155:1 has no bundler on this server (it serves eip155:31337)' });
    const bare = await start({ relayPort: false, framePort: false, seed: { wallets: 1 }, evmRpc: node.url });
    try {
      const reply = await rpc('bundler', 'eth_chainId', [], {}, bare);
      expect(reply.body.error).toEqual({
        code: -32003,
        message: 'Chain eip155:31337 has no bundler on this server: start it with --bundler-url',
      });
      expect((await api(bare, '/v1/smart-accounts/networks')).body).toEqual({ smartAccountEnabledNetworks: [] });
    } finally {
      await bare.close();
    }
  }, 20_000);
});
