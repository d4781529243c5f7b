/**
 * The choice of resolver for a send's receiver typed as a name: `*.eth` on a chain with ENS goes
 * to ENS (viem's getEnsAddress through the chain's Universal Resolver, here a loopback JSON-RPC
 * node answering the resolver's call), everything else to the Blockchain API's registry (a
 * loopback server); each test checks which of the two was asked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeFunctionData, encodeFunctionResult, parseAbi, type Hex } from 'viem';
import { networks } from '../../wire/networks.js';
import { startLoopback, type LoopbackServer } from '../../test-utils/loopback-server.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { $activeNamespace, $activeNetworkIds } from '../network/networks.js';
import { setBlockchainApiDeps } from '../portfolio/blockchain.js';
import { resetIdentities, resolveName } from '../portfolio/identity.js';
import { ENS_CHAIN_IDS, hasEns, resolvesWithEns } from '../portfolio/name-resolvers.js';
import { $send, resetSend, resolveReceiver, setReceiver } from './send.js';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const ALICE = '0x1234567890AbcdEF1234567890aBcdef12345678';
const UNIVERSAL_RESOLVER = '0xeeeeeeee14d718c2b47d9923deab1335e144eeee';
const resolverAbi = parseAbi(['function resolveWithGateways(bytes name, bytes data, string[] gateways) view returns (bytes, address)']);
const addrAbi = parseAbi(['function addr(bytes32 node) view returns (address)']);

let rpc: LoopbackServer;
let api: LoopbackServer;

/** A JSON-RPC node whose Universal Resolver gives VITALIK for any name. */
async function startRpc(): Promise<LoopbackServer> {
  return startLoopback((req) => {
    const call = JSON.parse(req.body) as { id: number; method: string; params: [{ to: string; data: Hex }] };
    if (call.method !== 'eth_call') return { status: 200, json: { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'no' } } };
    decodeFunctionData({ abi: resolverAbi, data: call.params[0].data });
    const inner = encodeFunctionResult({ abi: addrAbi, functionName: 'addr', result: VITALIK });
    const result = encodeFunctionResult({ abi: resolverAbi, functionName: 'resolveWithGateways', result: [inner, ALICE] });
    return { status: 200, json: { jsonrpc: '2.0', id: call.id, result } };
  });
}

function connect(chain: 'eip155:1' | 'eip155:31337'): void {
  const mainnet = { ...networks.mainnet, rpcUrls: { default: { http: [rpc.url] } } };
  setOptions({ networks: [networks.localhost, mainnet], blockchainApiUrl: api.url, projectId: 'proj-1' });
  $accounts.set({});
  $activeNamespace.set('eip155');
  $activeNetworkIds.set({ eip155: chain });
  patchAccount('eip155', { address: ACCOUNT, caipAddress: `${chain}:${ACCOUNT}`, status: 'connected' });
}

const ethCalls = () => rpc.requests.filter((r) => r.body.includes('eth_call'));
const registryAsks = () => api.requests.filter((r) => r.path.startsWith('/v1/profile/account/'));

beforeEach(async () => {
  rpc = await startRpc();
  api = await startLoopback((req) =>
    req.path === '/v1/profile/account/alice.eth' || req.path === '/v1/profile/account/alice.w3kit'
      ? { status: 200, json: { name: 'alice', addresses: { '60': { address: ALICE } }, attributes: {} } }
      : { status: 404, json: { message: 'No profile' } },
  );
  setBlockchainApiDeps({ timeoutMs: 1000, attempts: 1, sleep: async () => {} });
  resetIdentities();
});
afterEach(async () => {
  resetOptions();
  $accounts.set({});
  setBlockchainApiDeps({});
  await Promise.all([rpc.close(), api.close()]);
});

describe('which resolver a name goes to', () => {
  it('knows the chains with ENS: viem’s mainnet, sepolia, holesky, or a network carrying its resolver', () => {
    expect([...ENS_CHAIN_IDS]).toEqual([1, 11155111, 17000]);
    expect(hasEns(networks.mainnet)).toBe(true);
    expect(hasEns(networks.sepolia)).toBe(true);
    expect(hasEns(networks.localhost)).toBe(false);
    expect(hasEns(networks.polygon)).toBe(false);
    const own = { ...networks.localhost, contracts: { ensUniversalResolver: { address: UNIVERSAL_RESOLVER } } };
    expect(hasEns(own)).toBe(true);
    expect(resolvesWithEns('vitalik.eth', networks.mainnet)).toBe(true);
    expect(resolvesWithEns('VITALIK.ETH', networks.mainnet)).toBe(true);
    expect(resolvesWithEns('vitalik.eth', networks.localhost)).toBe(false);
    expect(resolvesWithEns('alice.w3kit.id', networks.mainnet)).toBe(false);
    expect(resolvesWithEns('.eth', networks.mainnet)).toBe(false);
  });

  it('resolves a .eth name on mainnet through ENS over the chain’s RPC, not the registry', async () => {
    connect('eip155:1');
    await expect(resolveName('vitalik.eth')).resolves.toEqual({ name: 'vitalik.eth', address: VITALIK, avatar: undefined });
    expect(ethCalls()).toHaveLength(1);
    expect(JSON.parse(ethCalls()[0]!.body).params[0].to.toLowerCase()).toBe(UNIVERSAL_RESOLVER);
    expect(registryAsks()).toHaveLength(0);
  });

  it('sends other names on mainnet, and .eth names on a chain without ENS, to the registry', async () => {
    connect('eip155:1');
    await expect(resolveName('alice.w3kit')).resolves.toMatchObject({ address: ALICE });
    connect('eip155:31337');
    await expect(resolveName('alice.eth')).resolves.toMatchObject({ address: ALICE });
    expect(registryAsks().map((r) => r.path)).toEqual(['/v1/profile/account/alice.w3kit', '/v1/profile/account/alice.eth']);
    expect(ethCalls()).toHaveLength(0);
  });

  it('resolves a .eth receiver in Send on mainnet without a Blockchain API; other names then stay plain text', async () => {
    connect('eip155:1');
    setOptions({ networks: [{ ...networks.mainnet, rpcUrls: { default: { http: [rpc.url] } } }] });
    $activeNetworkIds.set({ eip155: 'eip155:1' });
    setReceiver('vitalik.eth');
    expect($send.get().receiverNameStatus).toBe('resolving');
    await resolveReceiver();
    expect($send.get()).toMatchObject({ receiverNameStatus: 'resolved', receiverAddress: VITALIK, receiverProfileName: 'vitalik.eth' });
    setReceiver('alice.w3kit');
    expect($send.get().receiverNameStatus).toBe('none');
    expect(registryAsks()).toHaveLength(0);
    resetSend();
  });

  it('an ENS lookup whose RPC fails rejects (the Send view says it could not look the name up)', async () => {
    connect('eip155:1');
    await rpc.close();
    await expect(resolveName('vitalik.eth')).rejects.toThrow();
  });
});

describe("send-ens's own ENS contracts (no viem/chains in browser code)", () => {
  it("are viem's Universal Resolvers of mainnet, sepolia and holesky, one per chain with ENS", async () => {
    const { ENS_CONTRACTS } = await import('../portfolio/ens.js');
    const { holesky, mainnet, sepolia } = await import('viem/chains');
    const fromViem = Object.fromEntries(
      [mainnet, sepolia, holesky].map((c) => [c.id, { ensUniversalResolver: c.contracts.ensUniversalResolver }]),
    );
    expect(ENS_CONTRACTS).toEqual(fromViem);
    expect(Object.keys(ENS_CONTRACTS).map(Number).sort()).toEqual([...ENS_CHAIN_IDS].sort());
  });
});
