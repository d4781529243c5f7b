/**
 * The Devices routes against the real backend (SQLite) and its SMTP sink: the account's approved
 * devices with name, approval and last use, this session's marked; removing another device ends
 * its sessions and its next login asks the mailbox again; removing this device signs it out.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devicesReply, removeDeviceReply } from '../../../src/wire/devices-api.js';
import { startAuthHarness, type AuthHarness } from '../../test/auth-harness.js';
import { emailLogin } from '../../test/auth-session.js';

const EMAIL = 'dev@example.com';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let h: AuthHarness;
beforeEach(async () => {
  h = await startAuthHarness();
});
afterEach(async () => {
  await h.close();
});

const list = async (token: string) => {
  const reply = await h.call('GET', '/devices', undefined, token);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return devicesReply.parse(reply.body).devices;
};

/** The account's first device (Firefox on Windows), then a second (Safari on iOS), approved through its mail. */
async function twoDevices() {
  const t0 = h.clock.now;
  const laptop = await emailLogin(h, EMAIL, 'device-laptop-01', { 'user-agent': FIREFOX });
  h.clock.now += 60_000;
  const phone = await emailLogin(h, EMAIL, 'device-phone-001', { 'user-agent': SAFARI });
  return { t0, laptop, phone };
}

describe('the Devices routes', () => {
  it('list the devices with name, approval and last use, mark this one, and never show a device id or its stored hash', async () => {
    const { t0, laptop, phone } = await twoDevices();
    const seen = await list(phone.token);
    expect(seen.map(({ id: _id, ...rest }) => rest)).toEqual([
      { name: 'Safari on iOS', addedAt: t0 + 60_000, lastUsedAt: t0 + 60_000, current: true },
      { name: 'Firefox on Windows', addedAt: t0, lastUsedAt: t0, current: false },
    ]);
    const stored = h.server.db.prepare('SELECT device_hash FROM auth_devices').all() as { device_hash: string }[];
    const text = JSON.stringify(seen);
    for (const { device_hash } of stored) expect(text).not.toContain(device_hash);
    expect(text).not.toContain('device-laptop-01');
    // A session seen later moves its device's last use (at most once a minute).
    h.clock.now += 120_000;
    expect((await h.call('GET', '/session', undefined, laptop.token)).status).toBe(200);
    expect((await list(phone.token)).map((d) => [d.name, d.lastUsedAt])).toEqual([
      ['Firefox on Windows', t0 + 180_000],
      ['Safari on iOS', t0 + 60_000],
    ]);
    expect((await h.call('GET', '/devices')).status).toBe(401);
  });

  it('removing another device refuses its next request and its next login asks for approval; removing this device signs it out', async () => {
    const { laptop, phone } = await twoDevices();
    const other = (await list(phone.token)).find((d) => !d.current)!;
    const removed = await h.call('POST', '/devices/remove', { id: other.id }, phone.token);
    expect(removeDeviceReply.parse(removed.body)).toEqual({ signedOut: false });
    expect(await h.call('GET', '/session', undefined, laptop.token)).toMatchObject({ status: 401, body: { code: 'SESSION_EXPIRED' } });
    expect((await h.call('GET', '/keys/server-share', undefined, laptop.token)).status).toBe(401);
    expect((await list(phone.token)).map((d) => d.name)).toEqual(['Safari on iOS']);
    // Gone already (another tab removed it): nothing changes.
    expect((await h.call('POST', '/devices/remove', { id: other.id }, phone.token)).body).toEqual({ signedOut: false });
    h.clock.now += 31_000;
    const again = await h.call('POST', '/email/start', { projectId: 'w3kit-dev', email: EMAIL, deviceId: 'device-laptop-01' });
    expect(again.body.action).toBe('VERIFY_DEVICE');

    const self = (await list(phone.token)).find((d) => d.current)!;
    expect((await h.call('POST', '/devices/remove', { id: self.id }, phone.token)).body).toEqual({ signedOut: true });
    expect((await h.call('GET', '/session', undefined, phone.token)).status).toBe(401);
  });

  it("cannot remove another account's device, and refuses a malformed id by name", async () => {
    const { laptop } = await twoDevices();
    const mine = (await list(laptop.token))[0]!;
    const stranger = await emailLogin(h, 'eve@example.com', 'device-eve-0001');
    expect((await h.call('POST', '/devices/remove', { id: mine.id }, stranger.token)).body).toEqual({ signedOut: false });
    expect(await list(laptop.token)).toHaveLength(2);
    const bad = await h.call('POST', '/devices/remove', { id: 'device-laptop-01' }, laptop.token);
    expect(bad).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(bad.body.message).toMatch(/id/);
  });
});
