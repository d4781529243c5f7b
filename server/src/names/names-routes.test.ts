/**
 * The name registry over a real backend (SQLite, HTTP): suggestions, registration of EOA
 * accounts (EIP-191) with every refusal named in `reasons`, and the name then answered by the
 * identity and profile routes.
 */
import { privateKeyToAccount, generatePrivateKey, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setIdentity } from '../blockchain/identities.js';
import { startServer, type RunningServer } from '../index.js';

const ORIGIN = 'http://localhost:5173';
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, relayPort: false, framePort: false });
  await server.projects.seedDev();
});
afterAll(async () => {
  await server?.close();
});

async function call(path: string, init: RequestInit = {}, query = '') {
  const res = await fetch(`${server.url}${path}?projectId=w3kit-dev${query}`, {
    ...init,
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
  });
  return { status: res.status, body: await res.json() };
}

const nowS = () => Math.floor(Date.now() / 1000);
const messageFor = (name: string, timestamp = nowS(), attributes: object = {}) => JSON.stringify({ name, attributes, timestamp });

async function register(account: PrivateKeyAccount, name: string, options: { timestamp?: number; signer?: PrivateKeyAccount } = {}) {
  const message = messageFor(name, options.timestamp);
  const signature = await (options.signer ?? account).signMessage({ message });
  return post({ coin_type: 60, address: account.address, message, signature });
}
const post = (body: unknown) => call('/v1/profile/account', { method: 'POST', body: JSON.stringify(body) });
const fresh = () => privateKeyToAccount(generatePrivateKey());
const refused = (reply: { status: number; body: { reasons?: { description: string }[] } }) => {
  expect(reply.status).toBe(400);
  return reply.body.reasons?.[0]?.description;
};

describe('POST /v1/profile/account', () => {
  it('registers a name signed by the address; identity, profile and reverse then answer it', async () => {
    const alice = fresh();
    const reply = await register(alice, 'alice.w3kit.id');
    expect(reply).toEqual({ status: 200, body: { success: true } });
    expect((await call(`/v1/identity/${alice.address}`)).body).toEqual({ name: 'alice.w3kit.id', avatar: null });
    const profile = await call('/v1/profile/account/ALICE.w3kit.id', {}, '&apiVersion=2');
    expect(profile.body).toEqual({ name: 'alice.w3kit.id', addresses: { '60': { address: alice.address } }, attributes: {} });
    expect((await call(`/v1/profile/reverse/${alice.address}`)).body).toEqual([profile.body]);
  });

  it('refuses labels of 3 characters, with a dot or a space, naming the rule', async () => {
    const bob = fresh();
    expect(refused(await register(bob, 'bob.w3kit.id'))).toBe('Name must be at least 4 characters');
    expect(refused(await register(bob, 'bo.bby.w3kit.id'))).toBe('Use only letters, digits and hyphens');
    expect(refused(await register(bob, 'bob by.w3kit.id'))).toBe('Use only letters, digits and hyphens');
    expect(refused(await register(bob, `${'b'.repeat(64)}.w3kit.id`))).toBe('Name must be at most 63 characters');
    expect((await call(`/v1/identity/${bob.address}`)).body.name).toBeNull();
  });

  it('refuses a signed message with a field twice (the text shows the first, JSON.parse keeps the last)', async () => {
    const eve = fresh();
    for (const message of [
      `{"name":"shown.w3kit.id","name":"taken.w3kit.id","attributes":{},"timestamp":${nowS()}}`,
      `{"name":"shown.w3kit.id","attributes":{},"timestamp":1,"timestamp":${nowS()}}`,
      `{"name":"shown.w3kit.id","attributes":{"__proto__":"x"},"timestamp":${nowS()}}`,
    ]) {
      const reply = await post({ coin_type: 60, address: eve.address, message, signature: await eve.signMessage({ message }) });
      expect(reply.status, message).toBe(400);
      expect(reply.body.field).toBe('message');
      expect(reply.body.message).toMatch(/occurs more than once \(each field exactly once\)|'__proto__' is not allowed/);
    }
    expect((await call(`/v1/identity/${eve.address}`)).body.name).toBeNull();
  });

  it('refuses a hyphen first or last, and hyphens as the 3rd and 4th characters (reserved: xn--)', async () => {
    const dan = fresh();
    for (const label of ['-dash-', '-dash', 'dash-']) {
      expect(refused(await register(dan, `${label}.w3kit.id`)), label).toBe('A name cannot start or end with a hyphen');
    }
    for (const label of ['xn--abc', 'ab--cd']) {
      expect(refused(await register(dan, `${label}.w3kit.id`)), label).toBe('A name cannot have hyphens as its 3rd and 4th characters');
    }
    expect((await call(`/v1/identity/${dan.address}`)).body.name).toBeNull();
    // Hyphens elsewhere, single or double, are a name's own.
    expect((await register(dan, 'da-sh--x.w3kit.id')).status).toBe(200);
  });

  it('refuses a signature by another key, a name of another zone and timestamps over 5 minutes off', async () => {
    const carol = fresh();
    expect(refused(await register(carol, 'carol.w3kit.id', { signer: fresh() }))).toBe(
      `Invalid signature: the message is not signed by ${carol.address}`,
    );
    expect(refused(await register(carol, 'carol.other.id'))).toBe('Name must end in .w3kit.id');
    expect(refused(await register(carol, 'carol.w3kit.id', { timestamp: nowS() - 301 }))).toBe(
      'Message expired: its timestamp is more than 5 minutes old',
    );
    expect(refused(await register(carol, 'carol.w3kit.id', { timestamp: nowS() + 301 }))).toBe(
      'Message timestamp is more than 5 minutes in the future',
    );
    expect((await register(carol, 'carol.w3kit.id', { timestamp: nowS() - 240 })).status).toBe(200);
  });

  it('refuses a taken name in any case, a second name for one address, and an operator-set name', async () => {
    const dave = fresh();
    expect((await register(dave, 'dave.w3kit.id')).status).toBe(200);
    expect(refused(await register(fresh(), 'DAVE.w3kit.id'))).toBe('The name DAVE.w3kit.id is already taken');
    expect(refused(await register(dave, 'dave2.w3kit.id'))).toBe('This address already has a name in w3kit.id: dave.w3kit.id');
    await setIdentity(server.storage, fresh().address, 'oper.w3kit.id');
    expect(refused(await register(fresh(), 'Oper.w3kit.id'))).toBe('The name Oper.w3kit.id is already taken');
    await expect(setIdentity(server.storage, fresh().address, 'Dave.W3kit.id')).rejects.toThrow("'Dave.W3kit.id' is already the name of");
  });

  it('lets one of two registrations of a name at once succeed', async () => {
    const replies = await Promise.all([register(fresh(), 'race.w3kit.id'), register(fresh(), 'race.w3kit.id')]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('names a malformed body or message', async () => {
    const erin = fresh();
    const message = messageFor('erin.w3kit.id');
    const signature = await erin.signMessage({ message });
    const good = { coin_type: 60, address: erin.address, message, signature };
    const cases: [unknown, string][] = [
      [{ ...good, coin_type: 501 }, "Invalid body field 'coin_type'"],
      [{ ...good, address: '0x12' }, "Invalid body field 'address': must be 0x and 40 hex characters"],
      [{ ...good, signature: 'zz' }, "Invalid body field 'signature'"],
      [{ ...good, message: 'erin.w3kit.id' }, 'Invalid message: not JSON text of { name, attributes, timestamp }'],
      [{ ...good, message: JSON.stringify({ name: 'erin.w3kit.id', attributes: {} }) }, "Invalid message: 'timestamp'"],
      [{ ...good, message: JSON.stringify({ name: 'erin.w3kit.id', attributes: {}, timestamp: 1, x: 1 }) }, "unknown key 'x'"],
      [{ ...good, message: messageFor('erin.w3kit.id', nowS(), { avatar: 'a' }) }, 'Invalid message: attributes must be empty ({})'],
    ];
    for (const [body, text] of cases) {
      const reply = await post(body);
      expect(reply.status, text).toBe(400);
      expect(reply.body.message, text).toContain(text);
      expect(reply.body.reasons[0].description, text).toBe(reply.body.message);
    }
    expect((await post(good)).status).toBe(200);
  });
});

describe('GET /v1/profile/suggestions/{name}', () => {
  const suggest = (name: string, query = '') => call(`/v1/profile/suggestions/${encodeURIComponent(name)}`, {}, query);

  it('gives a free name first, then free variants, and the zone', async () => {
    const reply = await suggest('frank', '&zone=w3kit.id');
    expect(reply.status).toBe(200);
    expect(reply.body.zone).toBe('w3kit.id');
    expect(reply.body.suggestions[0]).toEqual({ name: 'frank.w3kit.id', registered: false });
    expect(reply.body.suggestions.length).toBeGreaterThan(2);
  });

  it('gives a taken name first with registered true, then only free variants', async () => {
    expect((await register(fresh(), 'grace.w3kit.id')).status).toBe(200);
    expect((await register(fresh(), 'grace1.w3kit.id')).status).toBe(200);
    const { body } = await suggest('Grace.w3kit.id');
    expect(body.suggestions[0]).toEqual({ name: 'Grace.w3kit.id', registered: true });
    const rest = body.suggestions.slice(1);
    expect(rest.length).toBeGreaterThanOrEqual(3);
    for (const s of rest) expect(s).toMatchObject({ name: expect.stringMatching(/^grace[-a-z0-9]+\.w3kit\.id$/i), registered: false });
    expect(rest.map((s: { name: string }) => s.name)).not.toContain('Grace1.w3kit.id');
  });

  it('refuses an invalid label or another zone with reasons', async () => {
    expect(refused(await suggest('abc'))).toBe('Name must be at least 4 characters');
    expect(refused(await suggest('ab.cd'))).toBe('Use only letters, digits and hyphens');
    expect(refused(await suggest('ab cd'))).toBe('Use only letters, digits and hyphens');
    expect(refused(await suggest('-dash-'))).toBe('A name cannot start or end with a hyphen');
    expect(refused(await suggest('-dash-.w3kit.id'))).toBe('A name cannot start or end with a hyphen');
    expect(refused(await suggest('xn--dash'))).toBe('A name cannot have hyphens as its 3rd and 4th characters');
    expect(refused(await suggest('abcd', '&zone=reown.id'))).toBe("Unknown zone 'reown.id': this registry serves w3kit.id");
  });
});
