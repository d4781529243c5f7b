/**
 * Name profiles of the Blockchain API (GET /v1/profile/account/{name}, GET
 * /v1/profile/reverse/{address}) on a real server without a chain (names need none), the
 * uniqueness of names, and the `--seed` name of Hardhat account 1.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli/index.js';
import { DEV_IDENTITIES, getIdentity, removeIdentity, setIdentity, startServer, type RunningServer } from '../src/index.js';
import { openServerStorage } from '../src/storage/server-storage.js';
import { ACCOUNTS, api } from './blockchain-helpers.js';
import { inputErrorFieldOf, LOCAL_ORIGIN, tempDir } from './helpers.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, relayPort: false, seed: { wallets: 1 } });
});
afterAll(async () => {
  await server?.close();
});

const profile = (name: string, query: Record<string, string> = { apiVersion: '2' }) =>
  api(server, `/v1/profile/account/${encodeURIComponent(name)}`, query);
const reverse = (address: string, query: Record<string, string> = { apiVersion: '2' }) =>
  api(server, `/v1/profile/reverse/${address}`, query);

describe('GET /v1/profile/account/{name}', () => {
  it("gives the seeded dev.w3kit: account 1's address under coin type 60, no avatar", async () => {
    expect(DEV_IDENTITIES).toEqual([{ address: ACCOUNTS[1], name: 'dev.w3kit' }]);
    const reply = await profile('dev.w3kit');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ name: 'dev.w3kit', addresses: { '60': { address: ACCOUNTS[1] } }, attributes: {} });
  });

  it('finds a name in any case, answers with the name as set and its avatar, checksummed', async () => {
    await setIdentity(server.storage, ACCOUNTS[2].toLowerCase(), 'Carol.w3kit', 'https://example.com/carol.png');
    try {
      for (const asked of ['Carol.w3kit', 'carol.w3kit', 'CAROL.W3KIT']) {
        const reply = await profile(asked);
        expect(reply.status, asked).toBe(200);
        expect(reply.body, asked).toEqual({
          name: 'Carol.w3kit',
          addresses: { '60': { address: ACCOUNTS[2] } },
          attributes: { avatar: 'https://example.com/carol.png' },
        });
      }
      // apiVersion may be left out (it is 2), and the SDK parameters are the usual ones.
      expect((await profile('carol.w3kit', {})).status).toBe(200);
    } finally {
      await removeIdentity(server.storage, ACCOUNTS[2]);
    }
    expect(await profile('carol.w3kit')).toMatchObject({ status: 404, body: { message: "No profile named 'carol.w3kit'" } });
  });

  it('answers 404 for an unknown name, and for a display name that is no profile name', async () => {
    expect(await profile('nobody.w3kit')).toEqual(
      expect.objectContaining({ status: 404, body: { message: "No profile named 'nobody.w3kit'" } }),
    );
    await setIdentity(server.storage, ACCOUNTS[3], 'Dave Smith');
    try {
      expect((await profile('Dave-Smith')).status).toBe(404);
      expect((await profile('Dave Smith')).body).toMatchObject({ field: 'name' });
    } finally {
      await removeIdentity(server.storage, ACCOUNTS[3]);
    }
  });

  it('answers 400 naming a bad name or apiVersion', async () => {
    for (const name of ['ab', 'a'.repeat(256), 'alice_w3kit', 'alice w3kit', 'älice.w3kit', 'alice@w3kit']) {
      const reply = await profile(name);
      expect(reply.status, name).toBe(400);
      expect(reply.body, name).toEqual({
        message: "Invalid path parameter 'name': must be 3 to 255 letters, digits, hyphens or dots",
        field: 'name',
      });
    }
    expect((await profile('abc')).status).toBe(404);
    expect((await profile('a'.repeat(255))).status).toBe(404);
    expect(await profile('dev.w3kit', { apiVersion: '1' })).toMatchObject({ status: 400, body: { field: 'apiVersion' } });
  });

  it('checks the project and the origin like every Blockchain API route', async () => {
    const noProject = await fetch(`${server.url}/v1/profile/account/dev.w3kit?apiVersion=2`);
    expect(noProject.status).toBe(400);
    expect(await noProject.json()).toMatchObject({ field: 'projectId' });
    expect((await api(server, '/v1/profile/account/dev.w3kit', { projectId: 'nope' })).status).toBe(403);
    const allowed = await api(server, '/v1/profile/account/dev.w3kit', { apiVersion: '2' }, { headers: { origin: LOCAL_ORIGIN } });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(LOCAL_ORIGIN);
    const other = await api(server, '/v1/profile/account/dev.w3kit', { apiVersion: '2' }, { headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    await server.projects.create({ id: 'names-app', name: 'Names', allowedOrigins: ['https://names.example'] });
    const app = await api(
      server,
      '/v1/profile/account/dev.w3kit',
      { projectId: 'names-app' },
      { headers: { origin: 'https://names.example' } },
    );
    expect(app.body.addresses['60'].address).toBe(ACCOUNTS[1]);
  });
});

describe('GET /v1/profile/reverse/{address}', () => {
  it("lists an address's profile, and an empty list without a name", async () => {
    expect(await reverse(ACCOUNTS[1].toLowerCase())).toMatchObject({
      status: 200,
      body: [{ name: 'dev.w3kit', addresses: { '60': { address: ACCOUNTS[1] } }, attributes: {} }],
    });
    expect(await reverse(ACCOUNTS[0], { apiVersion: '2', sender: ACCOUNTS[0] })).toMatchObject({ status: 200, body: [] });
    await setIdentity(server.storage, ACCOUNTS[3], 'Dave Smith', 'https://example.com/d.png');
    try {
      // A display name that is no profile name does not resolve, so it is no profile either.
      expect((await reverse(ACCOUNTS[3])).body).toEqual([]);
      await setIdentity(server.storage, ACCOUNTS[3], 'dave.w3kit', 'https://example.com/d.png');
      expect((await reverse(ACCOUNTS[3])).body).toEqual([
        { name: 'dave.w3kit', addresses: { '60': { address: ACCOUNTS[3] } }, attributes: { avatar: 'https://example.com/d.png' } },
      ]);
    } finally {
      await removeIdentity(server.storage, ACCOUNTS[3]);
    }
  });

  it('answers 400 naming a bad address, sender or apiVersion', async () => {
    expect((await reverse('dev.w3kit')).body).toMatchObject({ field: 'address' });
    expect((await reverse(ACCOUNTS[1], { sender: 'x' })).body).toMatchObject({ field: 'sender' });
    expect((await reverse(ACCOUNTS[1], { apiVersion: '3' })).body).toMatchObject({ field: 'apiVersion' });
  });
});

describe('names are unique', () => {
  it('refuses a name another address holds, in any case; the holder may change its own', async () => {
    expect(await inputErrorFieldOf(setIdentity(server.storage, ACCOUNTS[2], 'DEV.w3kit'))).toBe('name');
    await expect(setIdentity(server.storage, ACCOUNTS[2], 'dev.W3KIT')).rejects.toThrow(
      `Invalid name: 'dev.W3KIT' is already the name of ${ACCOUNTS[1]}`,
    );
    expect(await getIdentity(server.storage, ACCOUNTS[2])).toEqual({ name: null, avatar: null });
    await setIdentity(server.storage, ACCOUNTS[1], 'Dev.W3kit');
    expect((await profile('dev.w3kit')).body.name).toBe('Dev.W3kit');
    await setIdentity(server.storage, ACCOUNTS[1], 'dev.w3kit');
    expect((await profile('dev.w3kit')).body).toEqual({ name: 'dev.w3kit', addresses: { '60': { address: ACCOUNTS[1] } }, attributes: {} });
  });

  it('the CLI refuses it with exit code 2 naming the holder; after a remove the name is free', async () => {
    const { dir, remove } = tempDir();
    try {
      const data = path.join(dir, 'data');
      const cli = async (...argv: string[]) => {
        let stdout = '';
        let stderr = '';
        const io: CliIo = {
          stdout: { write: (t: string) => (stdout += t) },
          stderr: { write: (t: string) => (stderr += t) },
          env: {},
          cwd: dir,
        };
        return { code: await main([...argv, '--data', data], io), stdout, stderr };
      };
      expect((await cli('identity', 'set', ACCOUNTS[2], 'bob.w3kit')).code).toBe(0);
      const taken = await cli('identity', 'set', ACCOUNTS[3], 'Bob.W3kit');
      expect(taken.code).toBe(2);
      expect(taken.stderr).toContain(`'Bob.W3kit' is already the name of ${ACCOUNTS[2]}`);
      expect((await cli('identity', 'remove', ACCOUNTS[2])).code).toBe(0);
      expect(await cli('identity', 'set', ACCOUNTS[3], 'Bob.W3kit')).toMatchObject({
        code: 0,
        stdout: `Identity of ${ACCOUNTS[3]}: "Bob.W3kit"\n`,
      });
    } finally {
      remove();
    }
  });
});

describe('--seed names', () => {
  it('adds dev.w3kit only when account 1 has no name and nobody holds it, and keeps it over restarts', async () => {
    const { dir, remove } = tempDir();
    const dataDir = path.join(dir, 'data');
    try {
      // Account 1 named otherwise by the operator: the seed leaves it alone.
      const storage = await openServerStorage(undefined, dataDir);
      await setIdentity(storage, ACCOUNTS[1], 'bob.w3kit');
      await storage.close();
      let seeded = await startServer({ port: 0, relayPort: false, dataDir, seed: { wallets: 1 } });
      try {
        expect((await getIdentity(seeded.storage, ACCOUNTS[1])).name).toBe('bob.w3kit');
        expect((await api(seeded, '/v1/profile/account/dev.w3kit')).status).toBe(404);
        // dev.w3kit taken by another address: still not given to account 1.
        await removeIdentity(seeded.storage, ACCOUNTS[1]);
        await setIdentity(seeded.storage, ACCOUNTS[3], 'DEV.W3KIT');
      } finally {
        await seeded.close();
      }
      seeded = await startServer({ port: 0, relayPort: false, dataDir, seed: { wallets: 1 } });
      try {
        expect(await getIdentity(seeded.storage, ACCOUNTS[1])).toEqual({ name: null, avatar: null });
        expect((await api(seeded, '/v1/profile/account/dev.w3kit')).body.addresses['60'].address).toBe(ACCOUNTS[3]);
        await removeIdentity(seeded.storage, ACCOUNTS[3]);
      } finally {
        await seeded.close();
      }
      seeded = await startServer({ port: 0, relayPort: false, dataDir, seed: { wallets: 1 } });
      try {
        expect(await getIdentity(seeded.storage, ACCOUNTS[1])).toEqual({ name: 'dev.w3kit', avatar: null });
        expect(await getIdentity(seeded.storage, ACCOUNTS[0])).toEqual({ name: null, avatar: null });
      } finally {
        await seeded.close();
      }
      // Without --seed nobody is named.
      const plain = await startServer({ port: 0, relayPort: false, seed: false });
      try {
        expect(await getIdentity(plain.storage, ACCOUNTS[1])).toEqual({ name: null, avatar: null });
      } finally {
        await plain.close();
      }
    } finally {
      remove();
    }
  });
});
