/**
 * Name registration by a contract account (EIP-1271: Eip1271Wallet on a real Hardhat node the
 * backend reads with `evmRpc`), the `--name-zone` setting, and the per-IP and per-address
 * limits of registrations (a real app over an in-memory database).
 */
import { readFileSync } from 'node:fs';
import { createPublicClient, createWalletClient, getAddress, http, type Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PRIVATE_KEY } from '../../../scripts/lib/contracts.mjs';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { buildApp } from '../app.js';
import { resolveConfig } from '../config.js';
import { InputError } from '../errors.js';
import { startServer, type RunningServer } from '../index.js';
import { projectsRepository } from '../storage/projects.js';
import { openServerStorage } from '../storage/server-storage.js';

const ORIGIN = 'http://localhost:5173';
const OWNER = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const OTHER = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');

let chain: HardhatNode;
let server: RunningServer;
let wallet: Address;

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
  server = await startServer({ port: 0, relayPort: false, framePort: false, evmRpc: chain.url, nameZone: 'Example.ORG' });
  await server.projects.seedDev();
});
afterAll(async () => {
  await server?.close();
  await chain?.stop();
});

const message = (name: string) => JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });

async function post(baseUrl: string, body: unknown) {
  const res = await fetch(`${baseUrl}/v1/profile/account?projectId=w3kit-dev`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

describe('a contract account (EIP-1271)', () => {
  it("registers with its owner's signature, and is refused with another key's", async () => {
    const text = message('vault.example.org');
    const refused = await post(server.url, {
      coin_type: 60,
      address: wallet,
      message: text,
      signature: await OTHER.signMessage({ message: text }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.reasons[0].description).toBe(`Invalid signature: the message is not signed by ${wallet}`);
    const ok = await post(server.url, {
      coin_type: 60,
      address: wallet,
      message: text,
      signature: await OWNER.signMessage({ message: text }),
    });
    expect(ok).toEqual({ status: 200, body: { success: true } });
    const identity = await fetch(`${server.url}/v1/identity/${wallet}?projectId=w3kit-dev`, { headers: { origin: ORIGIN } });
    expect(await identity.json()).toEqual({ name: 'vault.example.org', avatar: null });
  });
});

describe('an EVM node that does not answer', () => {
  it("is a 503 for a signature only the chain can check, not a refusal; an EOA's own signature still registers", async () => {
    const down = await startServer({
      port: 0,
      relayPort: false,
      framePort: false,
      evmRpc: 'http://127.0.0.1:9',
      indexerLogger: { info: () => {}, warn: () => {} },
    });
    try {
      await down.projects.seedDev();
      const text = message('downcheck.w3kit.id');
      const reply = await post(down.url, {
        coin_type: 60,
        address: wallet,
        message: text,
        signature: await OWNER.signMessage({ message: text }),
      });
      expect(reply.status).toBe(503);
      expect(reply.body.reasons[0].description).toBe('The signature cannot be checked now: the EVM node does not answer');
      const own = message('downself.w3kit.id');
      const ok = await post(down.url, {
        coin_type: 60,
        address: OWNER.address,
        message: own,
        signature: await OWNER.signMessage({ message: own }),
      });
      expect(ok.status).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('--name-zone', () => {
  it('registers names in the configured zone (lower-cased) and refuses the default one', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const sign = async (name: string) => {
      const text = message(name);
      return post(server.url, {
        coin_type: 60,
        address: account.address,
        message: text,
        signature: await account.signMessage({ message: text }),
      });
    };
    expect((await sign('zoned.w3kit.id')).body.reasons[0].description).toBe('Name must end in .example.org');
    expect((await sign('zoned.example.org')).status).toBe(200);
    const res = await fetch(`${server.url}/v1/profile/suggestions/zoned?projectId=w3kit-dev`, { headers: { origin: ORIGIN } });
    const reply = await res.json();
    expect(reply.zone).toBe('example.org');
    expect(reply.suggestions[0]).toEqual({ name: 'zoned.example.org', registered: true });
  });

  it('is read from the flag or W3KIT_NAME_ZONE, and a bad one is named', () => {
    expect(resolveConfig({ 'name-zone': 'Names.Example' }, {}).nameZone).toBe('names.example');
    expect(resolveConfig({}, { W3KIT_NAME_ZONE: 'env.example' }).nameZone).toBe('env.example');
    expect(() => resolveConfig({ 'name-zone': 'bad zone' }, {})).toThrow(InputError);
    expect(() => resolveConfig({ 'name-zone': 'bad zone' }, {})).toThrow(
      'Invalid --name-zone "bad zone": must be a domain such as w3kit.id',
    );
  });
});

describe('limits', () => {
  it('limits registrations per address and per client IP, with Retry-After', async () => {
    // A fresh storage as a server opens one: SQLite in memory, or on the engines' run a fresh Postgres database.
    const storage = await openServerStorage(undefined, undefined);
    await projectsRepository(storage).seedDev();
    const app = buildApp({ storage, names: { limits: { registrationsPerAddress: 2, registrationsPerIp: 4 } } });
    const account = privateKeyToAccount(generatePrivateKey());
    const inject = async (name: string, from = account) => {
      const text = message(name);
      const body = { coin_type: 60, address: from.address, message: text, signature: await OTHER.signMessage({ message: text }) };
      const res = await app.inject({
        method: 'POST',
        url: '/v1/profile/account?projectId=w3kit-dev',
        headers: { origin: ORIGIN },
        payload: body,
      });
      return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
    };
    expect((await inject('limit-a.w3kit.id')).status).toBe(400);
    expect((await inject('limit-b.w3kit.id')).status).toBe(400);
    const perAddress = await inject('limit-c.w3kit.id');
    expect(perAddress.status).toBe(429);
    expect(perAddress.body.reasons[0].description).toMatch(
      /^Too many name registrations for this address: please try again after \d+ seconds$/,
    );
    expect(Number(perAddress.retryAfter)).toBeGreaterThan(0);
    expect((await inject('limit-d.w3kit.id', privateKeyToAccount(generatePrivateKey()))).status).toBe(400);
    const perIp = await inject('limit-e.w3kit.id', privateKeyToAccount(generatePrivateKey()));
    expect(perIp.status).toBe(429);
    expect(perIp.body.message).toMatch(/^Too many name registrations from this address/);
    await app.close();
    await storage.close();
  });
});
