/**
 * Signing in as a contract account (EIP-1271): Eip1271Wallet deployed on a real Hardhat node
 * that the server reads (`evmRpc`); the owner signs the message with personal_sign and the
 * verify route asks the contract through the RPC.
 */
import { readFileSync } from 'node:fs';
import { createPublicClient, createWalletClient, getAddress, http, type Abi, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PRIVATE_KEY } from '../../../scripts/lib/contracts.mjs';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { formatCaip122 } from '../../../src/wire/caip122.js';
import { startServer, type RunningServer } from '../index.js';

const ORIGIN = 'http://localhost:5173';
const OWNER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const OTHER_OWNER = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

let chain: HardhatNode;
let server: RunningServer;
let wallet: Address;
let otherWallet: Address;

async function deployWallet(owner: Address): Promise<Address> {
  const transport = http(chain.url, { retryCount: 0 });
  const publicClient = createPublicClient({ chain: hardhat, transport });
  const walletClient = createWalletClient({ chain: hardhat, transport, account: privateKeyToAccount(DEV_PRIVATE_KEY) });
  const artifact = new URL('../../../test/chain/contracts/artifacts/Eip1271Wallet.json', import.meta.url);
  const { abi, bytecode } = JSON.parse(readFileSync(artifact, 'utf8')) as { abi: Abi; bytecode: Hex };
  const hash = await walletClient.deployContract({ abi, bytecode, args: [owner] });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('Deploying Eip1271Wallet failed');
  return getAddress(receipt.contractAddress);
}

beforeAll(async () => {
  chain = await startHardhat({ port: 0 });
  wallet = await deployWallet(OWNER.address);
  otherWallet = await deployWallet(OTHER_OWNER.address);
  server = await startServer({ port: 0, relayPort: false, framePort: false, evmRpc: chain.url });
  await server.projects.seedDev();
});
afterAll(async () => {
  await server?.close();
  await chain?.stop();
});

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}?projectId=w3kit-dev`, {
    ...init,
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
  });
  return { status: res.status, body: await res.json() };
}

async function message(address: Address, chainReference = '31337'): Promise<string> {
  const { body } = await call('/v1/siwx/nonce');
  return formatCaip122({
    namespace: 'eip155',
    domain: 'localhost:5173',
    address,
    statement: 'Sign in with a contract account',
    uri: `${ORIGIN}/`,
    version: '1',
    chainReference,
    nonce: body.nonce,
    issuedAt: new Date().toISOString(),
  });
}

const verify = (text: string, signature: Hex) =>
  call('/v1/siwx/verify', { method: 'POST', body: JSON.stringify({ message: text, signature }) });

describe('EIP-1271 contract account', () => {
  it("signs in as the contract with its owner's personal_sign signature", async () => {
    const text = await message(wallet);
    const res = await verify(text, await OWNER.signMessage({ message: text }));
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({ address: wallet, chainId: 'eip155:31337', namespace: 'eip155' });
  });

  it("refuses the owner's signature for a contract another key owns", async () => {
    const text = await message(otherWallet);
    const res = await verify(text, await OWNER.signMessage({ message: text }));
    expect(res).toEqual({ status: 401, body: { message: 'Invalid signature', field: 'signature' } });
  });

  it('refuses a signature by another key than the owner for the contract', async () => {
    const text = await message(wallet);
    const res = await verify(text, await OTHER_OWNER.signMessage({ message: text }));
    expect(res.status).toBe(401);
  });

  it('refuses the contract on a chain the backend has no RPC for, even with the right owner', async () => {
    const text = await message(wallet, '1');
    const res = await verify(text, await OWNER.signMessage({ message: text }));
    expect(res).toEqual({ status: 401, body: { message: 'Invalid signature', field: 'signature' } });
  });
});
