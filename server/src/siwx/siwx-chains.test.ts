/**
 * The chains sign-in takes (issue 29 item 11): by default the chains the server knows (viem's
 * registry, the dev chains, the client's presets with the local SVM, and the chain of the
 * `--evm-rpc` node, here a real Hardhat node on chain 999999999999); a project's own list
 * narrows it to exactly those. Against the real app over SQLite.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useDevApp } from '../../test/dev-app.js';
import { startHardhat, type HardhatNode } from '../../../scripts/lib/hardhat.mjs';
import { base58Encode } from '../../../src/wire/base58.js';
import { formatCaip122, type Caip122Fields } from '../../../src/wire/caip122.js';
import { networks } from '../../../src/wire/networks.js';
import { startServer, type RunningServer } from '../index.js';
import { createProject, updateProject } from '../projects.js';
import { DEFAULT_SIWX_CHAINS } from './chains.js';
import { EIP155_MAX_CHAIN_ID } from '../chains/eip155/siwx.js';

const DEV = 'w3kit-dev';
const ORIGIN = 'http://localhost:5173';
const ALICE = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const UNKNOWN_CHAIN = '999999999999';

interface Reply {
  nonce?: string;
  message?: string;
  field?: string;
  session?: { chainId: string; address: string };
}
type Inject = (opts: { method: 'GET' | 'POST'; url: string; payload?: Record<string, string> }) => Promise<{ status: number; body: Reply }>;

/** Signs in as ALICE (eip155) or a fresh ed25519 key (solana) on `chainId` through `call`. */
async function signIn(call: Inject, chainId: string, projectId = DEV) {
  const [namespace, chainReference] = chainId.split(':') as [Caip122Fields['namespace'], string];
  const { body } = await call({ method: 'GET', url: `/v1/siwx/nonce?projectId=${projectId}` });
  let address: string = ALICE.address;
  let signWith = (text: string): Promise<string> => ALICE.signMessage({ message: text });
  if (namespace === 'solana') {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    address = base58Encode(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url'));
    signWith = async (text) => base58Encode(sign(null, Buffer.from(text, 'utf8'), privateKey));
  }
  const message = formatCaip122({
    namespace,
    domain: 'localhost:5173',
    address,
    uri: `${ORIGIN}/`,
    version: '1',
    chainReference,
    nonce: body.nonce!,
    issuedAt: new Date().toISOString(),
  });
  return call({ method: 'POST', url: `/v1/siwx/verify?projectId=${projectId}`, payload: { message, signature: await signWith(message) } });
}

const refusal = (chainId: string) => ({
  status: 400,
  body: { message: `This project does not accept sign-in on chain ${chainId}`, field: 'chainId' },
});

describe('over the app', () => {
  const dev = useDevApp();
  const call: Inject = async (opts) => {
    const res = await dev.app.inject({
      method: opts.method,
      url: opts.url,
      headers: { origin: ORIGIN },
      ...(opts.payload ? { payload: opts.payload } : {}),
    });
    return { status: res.statusCode, body: res.json<Reply>() };
  };

  it(`refuses eip155:${UNKNOWN_CHAIN} by default, naming the chain`, async () => {
    expect(DEFAULT_SIWX_CHAINS.has(`eip155:${UNKNOWN_CHAIN}`)).toBe(false);
    expect(await signIn(call, `eip155:${UNKNOWN_CHAIN}`)).toEqual(refusal(`eip155:${UNKNOWN_CHAIN}`));
    expect(await signIn(call, `eip155:${EIP155_MAX_CHAIN_ID}`)).toEqual(refusal(`eip155:${EIP155_MAX_CHAIN_ID}`));
    expect(await signIn(call, 'solana:11111111111111111111111111111111')).toEqual(refusal('solana:11111111111111111111111111111111'));
  });

  it('takes the known chains, the dev chains and the local SVM by default', async () => {
    for (const chainId of ['eip155:1', 'eip155:8453', 'eip155:31337', 'eip155:31338', 'eip155:1337', networks.solanaLocal.caipNetworkId]) {
      const res = await signIn(call, chainId);
      expect(res.status, chainId).toBe(200);
      expect(res.body.session?.chainId).toBe(chainId);
    }
    for (const preset of [networks.solana, networks.solanaDevnet, networks.solanaTestnet]) {
      expect(DEFAULT_SIWX_CHAINS.has(preset.caipNetworkId), preset.name).toBe(true);
    }
  });

  it("takes only the project's own chains once it names them, and the default again after", async () => {
    createProject(dev.db, { id: 'local', name: 'Local', allowedOrigins: [ORIGIN], siwxChains: ['eip155:31337'] });
    expect(await signIn(call, 'eip155:1', 'local')).toEqual(refusal('eip155:1'));
    expect((await signIn(call, 'eip155:31337', 'local')).status).toBe(200);

    const custom = `eip155:${EIP155_MAX_CHAIN_ID}`;
    updateProject(dev.db, 'local', { siwxChains: [custom, networks.solanaLocal.caipNetworkId] });
    expect((await signIn(call, custom, 'local')).status).toBe(200);
    expect((await signIn(call, networks.solanaLocal.caipNetworkId, 'local')).status).toBe(200);
    expect(await signIn(call, 'eip155:31337', 'local')).toEqual(refusal('eip155:31337'));

    updateProject(dev.db, 'local', { siwxChains: null });
    expect((await signIn(call, 'eip155:1', 'local')).status).toBe(200);
    expect(await signIn(call, custom, 'local')).toEqual(refusal(custom));
  });
});

describe('with --evm-rpc on a chain no registry knows', () => {
  let chain: HardhatNode;
  let server: RunningServer;
  const call: Inject = async ({ method, url, payload }) => {
    const res = await fetch(`${server.url}${url}`, {
      method,
      headers: { origin: ORIGIN, ...(payload ? { 'content-type': 'application/json' } : {}) },
      ...(payload ? { body: JSON.stringify(payload) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Reply };
  };

  beforeAll(async () => {
    chain = await startHardhat({ port: 0, chainId: Number(UNKNOWN_CHAIN) });
    server = await startServer({ port: 0, relayPort: false, framePort: false, evmRpc: chain.url });
    await server.projects.seedDev();
  });
  afterAll(async () => {
    await server?.close();
    await chain?.stop();
  });

  it("takes the node's chain by default, and no other unknown one", async () => {
    const res = await signIn(call, `eip155:${UNKNOWN_CHAIN}`);
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({ chainId: `eip155:${UNKNOWN_CHAIN}`, address: ALICE.address });
    expect(await signIn(call, 'eip155:999999999998')).toEqual(refusal('eip155:999999999998'));
  });
});
