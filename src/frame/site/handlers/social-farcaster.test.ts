import { afterEach, describe, expect, it } from 'vitest';
import { farcasterFinishBody, socialFinishBody, socialStartBody } from '../../../wire/social-api.js';
import type { Clock } from '../context.js';
import { HARDHAT_NETWORK, startFrameHarness, type FakeRoutes } from '../test-utils/frame-harness.js';

const SOCIAL_ID = 'social-secret-0001';
const CHANNEL_ID = 'channel-secret-0001';
const networks = [HARDHAT_NETWORK];
const open: { close(): void }[] = [];
afterEach(() => {
  for (const item of open.splice(0)) item.close();
});

/** The social and Farcaster routes: finish answers `finish` in turn (409s first, then the session). */
function socialRoutes(options: { finish?: number[]; farcaster?: ('pending' | 'approved' | 'expired')[] } = {}) {
  const finish = [...(options.finish ?? [])];
  const farcaster = [...(options.farcaster ?? ['approved'])];
  const started: unknown[] = [];
  const finished: unknown[] = [];
  const routes: FakeRoutes = (req) => {
    if (req.path === '/social/start') {
      const parsed = socialStartBody.safeParse(req.body);
      if (!parsed.success) return req.json(400, { message: 'Invalid start body' });
      started.push(parsed.data);
      return req.json(200, { socialId: SOCIAL_ID, uri: `https://oidc.test/auth?state=s&provider=${parsed.data.provider}` });
    }
    if (req.path === '/social/finish') {
      if (!socialFinishBody.safeParse(req.body).success || req.body.socialId !== SOCIAL_ID) return req.json(404, { message: 'Unknown' });
      finished.push(req.body);
      const status = finish.shift() ?? 200;
      if (status === 409) return req.json(409, { message: 'The login is not finished' });
      if (status === 400) return req.json(400, { message: 'The provider refused: access_denied' });
      Object.assign(req.user, { socialProvider: 'github', userName: 'ada-l' });
      return req.session(true);
    }
    if (req.path === '/farcaster/start')
      return req.json(200, { channelId: CHANNEL_ID, url: 'https://farcaster.test/sign-in?c=1', expiresAt: 1_900_000_000_000 });
    if (req.path === '/farcaster/status') {
      if (req.query.get('channelId') !== CHANNEL_ID) return req.json(404, { message: 'Unknown channel' });
      return req.json(200, { state: farcaster.length > 1 ? farcaster.shift() : farcaster[0] });
    }
    if (req.path === '/farcaster/finish') {
      if (!farcasterFinishBody.safeParse(req.body).success) return req.json(400, { message: 'Invalid finish body' });
      Object.assign(req.user, { socialProvider: 'farcaster', userName: 'ada.eth' });
      return req.session(true);
    }
    return undefined;
  };
  return { routes, started, finished };
}

function harness(routes: FakeRoutes, extra: Parameters<typeof startFrameHarness>[0] = {}) {
  const h = startFrameHarness({ routes, ...extra });
  open.push(h);
  return h;
}

describe('social login handlers', () => {
  it('GetSocialRedirectUri names the pinned parent origin and this device, and replies the URI only', async () => {
    const social = socialRoutes();
    const h = harness(social.routes, { parentOrigin: 'https://dapp.example' });
    const reply = await h.call('GetSocialRedirectUri', { provider: 'github' });
    expect(reply.payload).toEqual({ uri: 'https://oidc.test/auth?state=s&provider=github' });
    expect(social.started).toEqual([
      { projectId: 'w3kit-dev', provider: 'github', deviceId: 'device-0000000001', origin: 'https://dapp.example' },
    ]);
    await h.call('ConnectSocial');
    expect(JSON.stringify(h.received)).not.toContain(SOCIAL_ID);
  });

  it("ConnectSocial hands the server the popup's one-time completion value with the login id it kept", async () => {
    const social = socialRoutes();
    const h = harness(social.routes);
    await h.call('SyncDappData', { projectId: 'w3kit-dev', sdkVersion: '4', networks });
    await h.call('GetSocialRedirectUri', { provider: 'google' });
    const completion = 'c'.repeat(43);
    expect((await h.call('ConnectSocial', { completion })).error).toBeUndefined();
    expect(social.finished).toEqual([{ socialId: SOCIAL_ID, completion }]);
  });

  it('ConnectSocial waits out the 409s, starts the session with keys, and GetUser names the provider and username', async () => {
    const h = harness(socialRoutes({ finish: [409, 409] }).routes);
    await h.call('SyncDappData', { projectId: 'w3kit-dev', sdkVersion: '4', networks });
    await h.call('GetSocialRedirectUri', { provider: 'github' });
    expect((await h.call('ConnectSocial')).error).toBeUndefined();
    expect(h.api.calls.filter((c) => c === 'POST /social/finish')).toHaveLength(3);
    expect(h.api.calls).toContain('POST /keys');
    expect(h.store.shares.get(h.api.user.id)).toBeDefined();
    expect((await h.call('GetUser')).payload).toMatchObject({
      socialProvider: 'github',
      userName: 'ada-l',
      address: h.api.user.evmAddress,
    });
    expect((await h.call('ConnectSocial')).error?.message).toBe('No social login is pending: call GetSocialRedirectUri first');
  });

  it("a failed provider login answers the server's message and cannot be finished again", async () => {
    const h = harness(socialRoutes({ finish: [400] }).routes);
    await h.call('GetSocialRedirectUri', { provider: 'google' });
    expect((await h.call('ConnectSocial')).error?.message).toBe('The provider refused: access_denied');
    expect((await h.call('ConnectSocial')).error?.message).toBe('No social login is pending: call GetSocialRedirectUri first');
  });

  it('refuses to start without a pinned parent origin, and before a start', async () => {
    const h = startFrameHarness({ routes: socialRoutes().routes });
    open.push(h);
    h.ctx.state.parentOrigin = undefined;
    expect((await h.call('GetSocialRedirectUri', { provider: 'google' })).error?.message).toBe('The frame does not know its parent page');
    expect(h.api.calls).not.toContain('POST /social/start');
    expect((await h.call('GetSocialRedirectUri', { provider: 'myspace' })).error?.code).toBe(-32602);
  });
});

describe('Farcaster handlers', () => {
  it('GetFarcasterUri replies the link and its expiry, never the channel; ConnectFarcaster polls until approved', async () => {
    const h = harness(socialRoutes({ farcaster: ['pending', 'pending', 'approved'] }).routes);
    expect((await h.call('GetFarcasterUri')).payload).toEqual({ url: 'https://farcaster.test/sign-in?c=1', expiresAt: 1_900_000_000_000 });
    expect((await h.call('ConnectFarcaster')).error).toBeUndefined();
    expect(h.api.calls.filter((c) => c === 'GET /farcaster/status')).toHaveLength(3);
    expect(h.api.calls).toContain('POST /farcaster/finish');
    expect(h.store.shares.get(h.api.user.id)).toBeDefined();
    expect(JSON.stringify(h.received)).not.toContain(CHANNEL_ID);
  });

  it('an expired link answers that it expired', async () => {
    const h = harness(socialRoutes({ farcaster: ['pending', 'expired'] }).routes);
    await h.call('GetFarcasterUri');
    expect((await h.call('ConnectFarcaster')).error).toEqual({
      message: 'The Farcaster sign-in link expired: get a new one',
      code: 410,
      reason: 'FARCASTER_EXPIRED',
    });
    expect((await h.call('ConnectFarcaster')).error?.message).toBe('No Farcaster sign-in is pending: call GetFarcasterUri first');
  });

  it('gives up within FARCASTER_WAIT_MS with a clear message', async () => {
    let now = 0;
    const clock: Clock = { now: () => now, sleep: async (ms) => void (now += ms) };
    const h = harness(socialRoutes({ farcaster: ['pending'] }).routes, { clock });
    await h.call('GetFarcasterUri');
    // 408: the host asks again while the link lives.
    expect((await h.call('ConnectFarcaster')).error).toEqual({
      message: 'The Farcaster sign-in was not approved in time: get a new link',
      code: 408,
      reason: 'FARCASTER_TIMEOUT',
    });
    expect(now).toBeLessThanOrEqual(115_000);
    expect(now).toBeGreaterThan(110_000);
    expect(h.api.calls).not.toContain('POST /farcaster/finish');
  });
});
