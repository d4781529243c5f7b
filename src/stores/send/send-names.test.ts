/** A send's receiver typed as a name: resolved through the Blockchain API (a loopback server), cached, and the messages when it does not resolve. */
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadChainRules } from '../../chains/registry.js';
import { CACHE_LIFETIME_MS } from '../../core/constants.js';
import { networks } from '../../wire/networks.js';
import { RECEIVER } from '../../test-utils/blockchain-fixtures.js';
import { connectWithApi } from '../../test-utils/blockchain-setup.js';
import { startLoopback, type LoopbackServer, type Reply } from '../../test-utils/loopback-server.js';
import { solanaMainnet } from '../../test-utils/networks.js';
import { setBlockchainApiDeps, setClock } from '../portfolio/blockchain.js';
import { looksLikeName, resetIdentities, resolveName } from '../portfolio/identity.js';
import { resetOptions, setOptions } from '../app/options.js';
import {
  $send,
  NAME_LOOKUP_DELAY_MS,
  resetSend,
  resolveReceiver,
  reviewSend,
  sendReceiver,
  setReceiver,
  setSendAmount,
  setSendToken,
  validateSend,
  type SendToken,
} from './send.js';

const eth: SendToken = { name: 'Ether', symbol: 'ETH', decimals: 18, balance: '10', price: 3000, iconUrl: undefined };
const ALICE = '0x1234567890AbcdEF1234567890aBcdef12345678';
const profileOf = (name: string, address: string, avatar?: string) => ({
  name,
  addresses: { '60': { address, created: '2024-01-01T00:00:00Z' } },
  attributes: avatar ? { avatar } : {},
});

let server: LoopbackServer | undefined;
let time = 0;

/** A Blockchain API answering `alice.w3kit` (any case) and 404 for every other name. */
async function namesServer(extra: (name: string) => Reply | undefined = () => undefined): Promise<LoopbackServer> {
  server = await startLoopback((req) => {
    const name = decodeURIComponent(req.path.replace('/v1/profile/account/', ''));
    const custom = extra(name);
    if (custom) return custom;
    if (name.toLowerCase() === 'alice.w3kit') return { status: 200, json: profileOf('alice.w3kit', ALICE, 'https://img.example/a.png') };
    return { status: 404, json: { message: `No profile named '${name}'` } };
  });
  connectWithApi(server.url);
  return server;
}

function fill(receiver: string, amount = '1'): void {
  setSendToken(eth);
  setSendAmount(amount);
  setReceiver(receiver);
}

// Solana's rules are lazy: a connected Solana account has them (its adapter loaded them).
beforeAll(() => loadChainRules('solana'));

beforeEach(() => {
  time = 7_000_000;
  setClock(() => time);
  setBlockchainApiDeps({ timeoutMs: 500, sleep: async () => {}, attempts: 1 });
  resetIdentities();
  resetSend();
});
afterEach(async () => {
  resetSend();
  setClock(undefined);
  setBlockchainApiDeps({});
  resetOptions();
  await server?.close();
  server = undefined;
});

describe('looksLikeName', () => {
  it('takes names with a dot or letters, not addresses, hex or other characters', () => {
    for (const name of ['alice.w3kit', 'vitalik', 'dev.w3kit', 'bob-2.eth', '123.eth', 'ALICE.W3KIT'])
      expect(looksLikeName(name), name).toBe(true);
    for (const value of ['0x1234', 'abc', RECEIVER, RECEIVER.slice(2), '12345', 'ab', 'alice w3kit', 'alice_w3kit', 'a'.repeat(256), ''])
      expect(looksLikeName(value), value).toBe(false);
  });
});

describe('resolveName', () => {
  it('asks GET /v1/profile/account/{name} with apiVersion 2 and the SDK query; caches found names 5 minutes, in any case', async () => {
    await namesServer();
    await expect(resolveName('alice.w3kit')).resolves.toEqual({ name: 'alice.w3kit', address: ALICE, avatar: 'https://img.example/a.png' });
    const request = server!.requests[0]!;
    expect(request.path).toBe('/v1/profile/account/alice.w3kit');
    expect(Object.fromEntries(request.query)).toEqual({ apiVersion: '2', projectId: 'proj-1', st: 'w3kit', sv: 'w3kit-0.1.0' });
    await expect(resolveName('Alice.W3kit')).resolves.toMatchObject({ address: ALICE });
    expect(server!.requests).toHaveLength(1);
    time += CACHE_LIFETIME_MS.name - 1;
    await resolveName('alice.w3kit');
    expect(server!.requests).toHaveLength(1);
    time += 1;
    await resolveName('alice.w3kit');
    expect(server!.requests).toHaveLength(2);
  });

  it('gives null for a 404 (asked again next time) or a profile without an EVM address; rejects on a server error', async () => {
    await namesServer((name) => {
      if (name === 'sol.w3kit')
        return {
          status: 200,
          json: { name, addresses: { '501': { address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' } }, attributes: {} },
        };
      if (name === 'bad.w3kit') return { status: 200, json: profileOf(name, '0x1234') };
      if (name === 'down.w3kit') return { status: 500, json: { message: 'boom' } };
      return undefined;
    });
    await expect(resolveName('nobody.w3kit')).resolves.toBeNull();
    await expect(resolveName('nobody.w3kit')).resolves.toBeNull();
    expect(server!.requests).toHaveLength(2);
    await expect(resolveName('sol.w3kit')).resolves.toBeNull();
    await expect(resolveName('bad.w3kit')).resolves.toBeNull();
    await expect(resolveName('down.w3kit')).rejects.toThrow('HTTP status code: 500');
  });

  it('gives undefined without a Blockchain API, off eip155, or for what is no name', async () => {
    await namesServer();
    await expect(resolveName('0x1234')).resolves.toBeUndefined();
    setOptions({ networks: [networks.localhost] });
    await expect(resolveName('alice.w3kit')).resolves.toBeUndefined();
    expect(server!.requests).toHaveLength(0);
  });
});

describe('send to a name', () => {
  it('resolves on review, previews "alice.w3kit (address)" and sends to the resolved address', async () => {
    await namesServer();
    fill('alice.w3kit');
    expect($send.get()).toMatchObject({ receiverNameStatus: 'resolving', receiverAddress: undefined });
    expect(await reviewSend()).toBeUndefined();
    expect($send.get()).toMatchObject({
      step: 'preview',
      receiver: 'alice.w3kit',
      receiverAddress: ALICE,
      receiverNameStatus: 'resolved',
      receiverProfileName: 'alice.w3kit',
      receiverProfileImageUrl: 'https://img.example/a.png',
      error: undefined,
    });
    expect(sendReceiver($send.get())).toBe(ALICE);
    expect(validateSend($send.get(), networks.localhost)).toBeUndefined();
    expect(server!.requests).toHaveLength(1);
  });

  it('looks the name up once typing pauses, not on every keystroke', async () => {
    await namesServer();
    setSendToken(eth);
    for (const prefix of ['ali', 'alic', 'alice', 'alice.', 'alice.w3kit']) setReceiver(prefix);
    expect(server!.requests).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, NAME_LOOKUP_DELAY_MS + 50));
    await resolveReceiver();
    expect(server!.requests.map((r) => r.path)).toEqual(['/v1/profile/account/alice.w3kit']);
    expect($send.get()).toMatchObject({ receiverNameStatus: 'resolved', receiverAddress: ALICE });
  });

  it("says 'NAME_NOT_FOUND' for an unknown name, and a retry message when the lookup fails", async () => {
    await namesServer((name) => (name === 'down.w3kit' ? { status: 503, json: { message: 'down' } } : undefined));
    fill('nobody.w3kit');
    expect(await reviewSend()).toBe('NAME_NOT_FOUND');
    expect($send.get()).toMatchObject({ step: 'form', error: 'NAME_NOT_FOUND', receiverNameStatus: 'not-found' });
    setReceiver('down.w3kit');
    expect(await reviewSend()).toBe('NAME_FAILED');
    // Another receiver clears the outcome; an address needs no lookup.
    setReceiver(RECEIVER);
    expect($send.get()).toMatchObject({ receiverNameStatus: 'none', receiverAddress: undefined, error: undefined });
    expect(await reviewSend()).toBeUndefined();
  });

  it("keeps the spec's messages first: required, token, then an invalid amount", async () => {
    await namesServer();
    setReceiver('alice.w3kit');
    expect(await reviewSend()).toBe('REQUIRED');
    setSendAmount('1');
    expect(await reviewSend()).toBe('TOKEN');
    setSendToken(eth);
    setSendAmount('abc');
    expect(await reviewSend()).toBe('AMOUNT_NOT_A_NUMBER');
  });

  it('a reply for a receiver typed over is dropped; the new receiver is looked up', async () => {
    await namesServer();
    fill('alice.w3kit');
    const first = resolveReceiver(); // in flight while the receiver changes
    setReceiver('nobody.w3kit');
    await first;
    expect(server!.requests.map((r) => r.path)).toEqual(['/v1/profile/account/alice.w3kit']);
    expect($send.get()).toMatchObject({ receiver: 'nobody.w3kit', receiverNameStatus: 'resolving', receiverAddress: undefined });
    expect(await reviewSend()).toBe('NAME_NOT_FOUND');
    expect($send.get().receiverProfileName).toBeUndefined();
  });

  it("gives 'Invalid address' for a name without a Blockchain API, and on Solana", async () => {
    connectWithApi('http://127.0.0.1:9');
    setOptions({ networks: [networks.localhost, networks.mainnet] });
    fill('alice.w3kit');
    expect($send.get().receiverNameStatus).toBe('none');
    expect(await reviewSend()).toBe('ADDRESS');
    const state = { ...$send.get(), token: { ...eth, symbol: 'SOL', decimals: 9 } };
    expect(validateSend(state, solanaMainnet)).toBe('ADDRESS');
  });
});
