import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, describe, expect, it } from 'vitest';
import { startAuthHarness, type AuthHarness } from '../../../test/auth-harness.js';
import { farcasterChannelsRepository } from '../../storage/farcaster-channels.js';
import {
  approveChannel,
  CHANNEL_EXPIRED,
  CHANNEL_PENDING,
  FARCASTER_CHANNEL_TTL_MS,
  MAX_CHANNELS_PER_IP,
  UNKNOWN_CHANNEL,
} from './channels.js';
import { signInMessage } from './message.js';
import { FARCASTER_NOT_CONFIGURED } from './routes.js';
import { FARCASTER_SANDBOX_PATH, sandboxCustodyAccount } from './sandbox-registry.js';

let h: AuthHarness;
afterEach(async () => {
  await h.close();
});

const start = async () => (await h.call('POST', '/farcaster/start', { projectId: 'w3kit-dev', deviceId: 'device-fc-0001' })).body;

/** What a person does on the sandbox page: opens the link, presses 'Sign in as @<name>'. */
async function approveAs(url: string, name: string) {
  const page = await fetch(url);
  const html = await page.text();
  const form = [...html.matchAll(/<form[\s\S]*?<\/form>/g)].map((m) => m[0]).find((f) => f.includes(`Sign in as @${name}`));
  if (!form) throw new Error(`No button for @${name}`);
  const fields = new URLSearchParams([...form.matchAll(/name="([^"]+)" value="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
  const res = await fetch(new URL(FARCASTER_SANDBOX_PATH, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
  });
  return { page, html, res, text: await res.text() };
}

const channelStore = () => farcasterChannelsRepository(h.server.storage);
const channelRow = async (id: string) => (await channelStore().byId(id))!;

describe('Farcaster login through the development sandbox', () => {
  it('starts a channel, approves it on the sandbox page, and finishes with a verified session for the fid', async () => {
    h = await startAuthHarness({ host: 'localhost', farcasterSandbox: true, kek: randomBytes(32).toString('base64') });
    const channel = await start();
    const url = new URL(channel.url);
    expect(url.origin + url.pathname).toBe(`${h.server.frameUrl}${FARCASTER_SANDBOX_PATH}`);
    expect(url.searchParams.get('channelToken')).toMatch(/^[A-Za-z]{40}$/);
    expect(channel.url).not.toContain(channel.channelId);
    expect(channel.expiresAt).toBe(h.clock.now + FARCASTER_CHANNEL_TTL_MS);
    // The channel lives as long as the frame's constant says (the server may not import it).
    const constants = readFileSync(new URL('../../../../src/frame/constants.ts', import.meta.url), 'utf8');
    const ttl = /FARCASTER_CHANNEL_TTL_MS = ([\d_]+);/.exec(constants)?.[1];
    expect(Number(ttl?.replaceAll('_', ''))).toBe(FARCASTER_CHANNEL_TTL_MS);
    expect((await h.call('GET', `/farcaster/status?channelId=${channel.channelId}`)).body).toEqual({ state: 'pending' });
    expect((await h.call('POST', '/farcaster/finish', { channelId: channel.channelId })).body).toEqual({
      message: CHANNEL_PENDING,
      field: 'channelId',
    });
    expect((await h.call('POST', '/farcaster/finish', { channelId: channel.channelId })).status).toBe(409);

    const { page, html, res, text } = await approveAs(channel.url, 'bob');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(html).not.toContain('<script');
    for (const name of ['alice', 'bob', 'carol']) expect(html).toContain(`Sign in as @${name}`);
    expect(res.status).toBe(200);
    expect(text).toContain('Signed in. You can go back to the app.');
    expect((await h.call('GET', `/farcaster/status?channelId=${channel.channelId}`)).body).toEqual({ state: 'approved' });

    const finish = await h.call('POST', '/farcaster/finish', { channelId: channel.channelId });
    expect(finish.status).toBe(200);
    expect(finish.body).toMatchObject({ deviceVerified: true, user: { email: null, socialProvider: 'farcaster', userName: 'bob' } });
    const me = await h.call('GET', '/session', undefined, finish.body.token);
    expect(me.body.user).toMatchObject({ id: finish.body.user.id, socialProvider: 'farcaster', userName: 'bob' });
    // A user without an e-mail address adds a passkey under the Farcaster username.
    const options = await h.call('POST', '/passkeys/register/options', undefined, finish.body.token);
    expect(options.body.options.user.name).toBe('bob');
    const again = await h.call('POST', '/farcaster/finish', { channelId: channel.channelId });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(UNKNOWN_CHANNEL);

    // The same fid reaches the same user next time.
    const next = await start();
    await approveAs(next.url, 'bob');
    const second = await h.call('POST', '/farcaster/finish', { channelId: next.channelId });
    expect(second.body.user.id).toBe(finish.body.user.id);
  });

  it('refuses a signature by another key, a wrong nonce, another domain, and an expired channel', async () => {
    h = await startAuthHarness({ farcasterSandbox: true, kek: randomBytes(32).toString('base64') });
    const frameOrigin = h.server.frameUrl!;
    const tamper = async (sign: (row: { nonce: string; expires_at: number }) => Promise<{ message: string; signature: string }>) => {
      const channel = await start();
      // The relay (here the sandbox's place) records alice's approval with a forged message or signature.
      const forged = await sign(await channelRow(channel.channelId));
      await approveChannel(channelStore(), channel.channelId, { fid: 1001, userName: 'alice', ...forged });
      return h.call('POST', '/farcaster/finish', { channelId: channel.channelId });
    };
    const alice = sandboxCustodyAccount(1001);
    const fields = (row: { nonce: string; expires_at: number }) => ({
      frameOrigin,
      nonce: row.nonce,
      fid: 1001,
      custody: alice.address,
      issuedAt: h.clock.now,
      expiresAt: row.expires_at,
    });

    const otherKey = await tamper(async (row) => {
      const message = signInMessage(fields(row));
      return { message, signature: await privateKeyToAccount(generatePrivateKey()).signMessage({ message }) };
    });
    expect(otherKey.status).toBe(400);
    expect(otherKey.body.message).toBe('The Farcaster sign-in was refused: the signature is not by the custody address of fid 1001');

    const wrongNonce = await tamper(async (row) => {
      const message = signInMessage({ ...fields(row), nonce: 'aaaaaaaaaaaaaaaa' });
      return { message, signature: await alice.signMessage({ message }) };
    });
    expect(wrongNonce.body.message).toBe("The Farcaster sign-in was refused: the message's nonce is not this sign-in's");

    const otherDomain = await tamper(async (row) => {
      const message = signInMessage({ ...fields(row), frameOrigin: 'http://evil.example:4303' });
      return { message, signature: await alice.signMessage({ message }) };
    });
    expect(otherDomain.body.message).toMatch(/^The Farcaster sign-in was refused: the message is for the domain 'evil.example:4303'/);

    const bobsFid = await tamper(async (row) => {
      const message = signInMessage({ ...fields(row), fid: 1002 });
      return { message, signature: await alice.signMessage({ message }) };
    });
    expect(bobsFid.body.message).toBe('The Farcaster sign-in was refused: the message does not name the fid 1001');

    const expired = await start();
    await approveAs(expired.url, 'carol');
    h.clock.now += FARCASTER_CHANNEL_TTL_MS;
    expect((await h.call('GET', `/farcaster/status?channelId=${expired.channelId}`)).body).toEqual({ state: 'expired' });
    const late = await h.call('POST', '/farcaster/finish', { channelId: expired.channelId });
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(CHANNEL_EXPIRED);

    const stale = await start();
    h.clock.now += FARCASTER_CHANNEL_TTL_MS;
    const gone = await fetch(stale.url);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('This Farcaster sign-in link has expired');
    const unknown = await fetch(`${frameOrigin}${FARCASTER_SANDBOX_PATH}?channelToken=${'x'.repeat(40)}`);
    expect(unknown.status).toBe(404);
  });

  it('keeps at most a few live channels per IP, dropping the oldest', async () => {
    h = await startAuthHarness({ farcasterSandbox: true, kek: randomBytes(32).toString('base64') });
    const channels = [];
    for (let i = 0; i <= MAX_CHANNELS_PER_IP; i++) {
      h.clock.now += 1;
      channels.push(await start());
    }
    expect((await h.call('GET', `/farcaster/status?channelId=${channels[0].channelId}`)).status).toBe(404);
    expect((await fetch(channels[0].url)).status).toBe(404);
    expect((await h.call('GET', `/farcaster/status?channelId=${channels[1].channelId}`)).body).toEqual({ state: 'pending' });
    // Only the oldest of the channels started went: the store holds exactly the others.
    expect(await channelStore().byId(channels[0].channelId)).toBeUndefined();
    for (const { channelId } of channels.slice(1)) expect((await channelStore().byId(channelId))?.id).toBe(channelId);
  });

  it('serves the API routes to the frame only (header, JSON), and only the sandbox page without the header', async () => {
    h = await startAuthHarness({ farcasterSandbox: true, kek: randomBytes(32).toString('base64') });
    for (const path of ['/auth/v1/farcaster/start', '/auth/v1/farcaster/finish', '/auth/v1/passkeys/login/options']) {
      const plain = await fetch(`${h.server.frameUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ projectId: 'w3kit-dev', deviceId: 'device-fc-0001' }),
      });
      expect(plain.status).toBe(403);
      const form = await fetch(`${h.server.frameUrl}${path}`, {
        method: 'POST',
        headers: { 'x-w3kit-frame': '1', 'content-type': 'application/x-www-form-urlencoded' },
        body: 'projectId=w3kit-dev&deviceId=device-fc-0001',
      });
      expect(form.status).toBe(415);
    }
  });

  it('answers 404 when Farcaster is not configured, and keeps the sandbox page away', async () => {
    h = await startAuthHarness({ kek: randomBytes(32).toString('base64') });
    const res = await h.call('POST', '/farcaster/start', { projectId: 'w3kit-dev', deviceId: 'device-fc-0001' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: FARCASTER_NOT_CONFIGURED });
    expect((await fetch(`${h.server.frameUrl}${FARCASTER_SANDBOX_PATH}?channelToken=${'x'.repeat(40)}`)).status).toBe(404);
    expect((await h.call('POST', '/farcaster/finish', { channelId: 'abcdefgh12345678' })).status).toBe(404);
  });
});
