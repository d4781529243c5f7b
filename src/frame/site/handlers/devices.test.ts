import { afterEach, describe, expect, it } from 'vitest';
import { startFrameHarness, type FakeRoutes } from '../test-utils/frame-harness.js';

const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

const THIS = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);

/** The fake backend's devices: this one and another; removing answers whether it was this one. */
function deviceRoutes() {
  const removed: string[] = [];
  const routes: FakeRoutes = ({ method, path, body, authed, json }) => {
    if (path === '/devices' && method === 'GET') {
      if (!authed) return json(401, { message: 'Session Expired', code: 'SESSION_EXPIRED' });
      const devices = [
        { id: THIS, name: 'Firefox on Linux', addedAt: 1, lastUsedAt: 3, current: true },
        { id: OTHER, name: 'Safari on iOS', addedAt: 2, lastUsedAt: 2, current: false },
      ].filter((d) => !removed.includes(d.id));
      return json(200, { devices });
    }
    if (path === '/devices/remove' && method === 'POST') {
      if (!authed) return json(401, { message: 'Session Expired', code: 'SESSION_EXPIRED' });
      removed.push(String(body.id));
      return json(200, { signedOut: body.id === THIS });
    }
    return undefined;
  };
  return { routes, removed };
}

async function loggedIn() {
  const backend = deviceRoutes();
  const h = startFrameHarness({ routes: backend.routes });
  open.push(h);
  await h.call('ConnectEmail', { email: 'ada@example.com' });
  expect((await h.call('ConnectOtp', { otp: '123456' })).error).toBeUndefined();
  return { h, backend };
}

describe('device handlers', () => {
  it('ListDevices gives the backend list; RemoveDevice of another device keeps this session', async () => {
    const { h, backend } = await loggedIn();
    const listed = await h.call('ListDevices');
    expect(listed.payload).toEqual({
      devices: [
        { id: THIS, name: 'Firefox on Linux', addedAt: 1, lastUsedAt: 3, current: true },
        { id: OTHER, name: 'Safari on iOS', addedAt: 2, lastUsedAt: 2, current: false },
      ],
    });
    expect((await h.call('RemoveDevice', { id: OTHER })).payload).toEqual({ signedOut: false });
    expect(backend.removed).toEqual([OTHER]);
    expect((await h.call('IsConnected')).payload).toEqual({ isConnected: true });
  });

  it('RemoveDevice of this device forgets the session; a malformed id is refused before any request', async () => {
    const { h, backend } = await loggedIn();
    expect((await h.call('RemoveDevice', { id: 'not-a-device' })).ok).toBe(false);
    expect(backend.removed).toEqual([]);
    expect((await h.call('RemoveDevice', { id: THIS })).payload).toEqual({ signedOut: true });
    expect((await h.call('IsConnected')).payload).toEqual({ isConnected: false });
    expect((await h.call('ListDevices')).ok).toBe(false);
  });
});
