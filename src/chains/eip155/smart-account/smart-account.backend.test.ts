/**
 * The embedded wallet's smart account end to end: a real Hardhat node with `aa deploy`'s stack,
 * Alto, our backend (its smart-account, bundler and paymaster routes), and the frame's handlers
 * (the harness: a fake auth API, the real frame key and dispatcher). The Safe's address shows at
 * once and is where its first user operation deploys it; a send from the Safe, which holds only
 * the value, is sponsored and moves exactly the value; SIWX as the Safe verifies on the backend
 * before deployment (ERC-6492) and after (EIP-1271); the switch goes both ways and is refused
 * with the spec's sentence where the network is not enabled; failures of the networks query are [].
 */
import { createPublicClient, createWalletClient, http, type Address, type Hex, type PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../../../scripts/lib/hardhat.mjs';
import { startBundler, type RunningBundler } from '../../../../server/src/aa/bundler.js';
import { deployAa } from '../../../../server/src/aa/deploy.js';
import { devAccountKey } from '../../../../server/src/aa/dev-keys.js';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../../../server/src/index.js';
import { formatCaip122 } from '../../../wire/caip122.js';
import { createJsonRpc } from '../../../frame/site/json-rpc.js';
import { startFrameHarness, waitFor } from '../../../frame/site/test-utils/frame-harness.js';

let node: HardhatNode;
let bundler: RunningBundler;
let server: RunningServer;
let client: PublicClient;
const ORIGIN = 'http://localhost:5173';

beforeAll(async () => {
  node = await startHardhat();
  client = createPublicClient({
    chain: { ...hardhat, rpcUrls: { default: { http: [node.url] } } },
    transport: http(node.url),
  }) as PublicClient;
  await deployAa({ rpcUrl: node.url });
  bundler = await startBundler({ rpcUrl: node.url, port: 0 });
  server = await startServer({
    port: 0,
    relayPort: false,
    framePort: false,
    seed: { wallets: 1 },
    evmRpc: node.url,
    aa: { bundlerUrl: bundler.url },
  });
  await server.projects.seedDev();
}, 90_000);

afterAll(async () => {
  await server?.close();
  await bundler?.stop();
  await node?.stop();
});

const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

const network = () => ({
  caipNetworkId: 'eip155:31337',
  name: 'Hardhat',
  rpcUrl: node.url,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
});
const OTHER = {
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  rpcUrl: 'http://127.0.0.1:9',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
};

async function loggedIn(apiUrl: string | null = server.url) {
  const h = startFrameHarness({ jsonRpc: createJsonRpc((url, init) => fetch(url, init)) });
  open.push(h);
  await h.call('SyncDappData', {
    projectId: DEV_PROJECT_ID,
    sdkVersion: '4',
    networks: [network(), OTHER],
    metadata: { name: 'Demo App' },
    ...(apiUrl ? { apiUrl } : {}),
  });
  await h.call('ConnectEmail', { email: 'ada@example.com' });
  await h.call('ConnectOtp', { otp: '123456' });
  await h.call('SwitchNetwork', { chainId: 'eip155:31337' });
  return h;
}

type Harness = Awaited<ReturnType<typeof loggedIn>>;

/** Runs an unsafe request and approves it on the frame's screen. */
async function approved(h: Harness, method: string, params: unknown[]) {
  const shown = h.approvals.shown.length;
  const id = `approved-${++approvals}`;
  h.send({ kind: 'request', id, type: 'RpcRequest', payload: { namespace: 'eip155', chainId: 'eip155:31337', method, params } });
  await waitFor(() => h.approvals.shown[shown], 10_000);
  h.approvals.answer(true);
  // A user operation is mined in about a second; the harness's call waits one at most.
  return waitFor(() => h.received.find((m) => m.kind === 'reply' && m.id === id), 30_000);
}
let approvals = 0;

async function siwx(address: Address, sign: (text: string) => Promise<Reply>) {
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}?projectId=${DEV_PROJECT_ID}`, { ...init, headers: { origin: ORIGIN, 'content-type': 'application/json' } });
  const { nonce } = (await (await call('/v1/siwx/nonce')).json()) as { nonce: string };
  const text = formatCaip122({
    namespace: 'eip155',
    domain: 'localhost:5173',
    address,
    statement: 'Sign in with the smart account',
    uri: `${ORIGIN}/`,
    version: '1',
    chainReference: '31337',
    nonce,
    issuedAt: new Date().toISOString(),
  });
  const signature = (await sign(text)).payload as { result: Hex };
  const res = await call('/v1/siwx/verify', { method: 'POST', body: JSON.stringify({ message: text, signature: signature.result }) });
  return { status: res.status, body: (await res.json()) as { session?: { address: string } }, signature: signature.result };
}
type Reply = Awaited<ReturnType<Harness['call']>>;

describe('the smart-account enabled networks', () => {
  it("answers the backend's list, and [] without a backend or when it cannot answer", async () => {
    expect((await (await loggedIn()).call('GetSmartAccountEnabledNetworks')).payload).toEqual({ smartAccountEnabledNetworks: [31337] });
    expect((await (await loggedIn(null)).call('GetSmartAccountEnabledNetworks')).payload).toEqual({ smartAccountEnabledNetworks: [] });
    const dead = await loggedIn('http://127.0.0.1:9');
    expect((await dead.call('GetSmartAccountEnabledNetworks')).payload).toEqual({ smartAccountEnabledNetworks: [] });
    expect((await dead.call('SetPreferredAccount', { type: 'smartAccount' })).error?.message).toBe(
      'This application might not support Smart Accounts',
    );
  });
});

describe("the user's Safe", () => {
  it('shows its address at once, deploys there with its first operation, sponsored, and moves exactly the value', async () => {
    const h = await loggedIn();
    const owner = h.api.user.evmAddress as Address;
    const init = (await h.call('InitSmartAccount')).payload as { address: Address; isDeployed: boolean };
    expect(init.isDeployed).toBe(false);
    expect(init.address).not.toBe(owner);
    expect(await client.getCode({ address: init.address })).toBeUndefined();

    expect((await h.call('SetPreferredAccount', { type: 'smartAccount' })).payload).toEqual({
      type: 'smartAccount',
      address: init.address,
    });
    const accounts = await h.call('RpcRequest', { namespace: 'eip155', chainId: 'eip155:31337', method: 'eth_accounts', params: [] });
    expect(accounts.payload).toEqual({ result: [init.address] });
    const user = (await h.call('GetUser', {})).payload as { address: string; accounts: { type: string }[]; preferredAccountType: string };
    expect(user).toMatchObject({ address: init.address, preferredAccountType: 'smartAccount', smartAccountDeployed: false });
    expect(user.accounts.map((a) => a.type)).toEqual(['smartAccount', 'eoa']);

    // Before deployment: the Safe's signature is ERC-6492 wrapped, and the backend's SIWX takes it.
    const before = await siwx(init.address, (text) => approved(h, 'personal_sign', [text, init.address]));
    expect(before.signature.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(true);
    expect(before).toMatchObject({ status: 200, body: { session: { address: init.address } } });

    // The Safe holds exactly the value and no ETH for gas: the paymaster pays.
    const value = 12_345n;
    const chain = { ...hardhat, rpcUrls: { default: { http: [node.url] } } };
    const funder = createWalletClient({ account: privateKeyToAccount(devAccountKey(7)), chain, transport: http(node.url) });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: init.address, value }) });
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const ownerBalance = await client.getBalance({ address: owner });
    const sent = await approved(h, 'eth_sendTransaction', [{ from: init.address, to: recipient, value: `0x${value.toString(16)}` }]);
    const hash = (sent.payload as { result: Hex }).result;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await client.getTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    expect(await client.getBalance({ address: recipient })).toBe(value);
    expect(await client.getBalance({ address: init.address })).toBe(0n);
    expect(await client.getBalance({ address: owner })).toBe(ownerBalance);
    expect(await client.getCode({ address: init.address })).toMatch(/^0x[0-9a-f]{2,}/);
    expect((await h.call('InitSmartAccount')).payload).toEqual({ address: init.address, isDeployed: true });
    expect((await h.call('GetUser', {})).payload).toMatchObject({ smartAccountDeployed: true });

    // Deployed: a plain EIP-1271 signature (the owner's 65 bytes), which SIWX checks on chain.
    const after = await siwx(init.address, (text) => approved(h, 'personal_sign', [text, init.address]));
    expect(after.signature).toMatch(/^0x[0-9a-f]{130}$/);
    expect(after).toMatchObject({ status: 200, body: { session: { address: init.address } } });

    // And back to the key's own account.
    expect((await h.call('SetPreferredAccount', { type: 'eoa' })).payload).toEqual({ type: 'eoa', address: owner });
    expect((await h.call('GetUser', {})).payload).toMatchObject({ address: owner, preferredAccountType: 'eoa' });
  }, 90_000);

  it('is refused, in words, on a network that is not enabled', async () => {
    const h = await loggedIn();
    await h.call('SwitchNetwork', { chainId: 'eip155:1' });
    expect((await h.call('SetPreferredAccount', { type: 'smartAccount' })).error?.message).toBe(
      'This application might not support Smart Accounts',
    );
    expect((await h.call('InitSmartAccount')).error?.message).toBe('This application might not support Smart Accounts');
    expect((await h.call('GetUser', {})).payload).toMatchObject({ address: h.api.user.evmAddress, preferredAccountType: 'eoa' });
  });
});
