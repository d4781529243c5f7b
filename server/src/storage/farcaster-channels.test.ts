/**
 * Farcaster sign-in channels on both engines (SQLite in memory, a real Postgres): opened within
 * the caps, found by id and link token, approved once, taken once; on Postgres, two instances
 * finishing one approved channel at once: one takes it, the other is told it is unknown.
 */
import { describe, expect, it } from 'vitest';
import { ENGINES, freshStorage, openAgain, postgresUrl } from '../../test/engines.js';
import {
  approveChannel,
  channelById,
  channelByToken,
  channelState,
  openChannel,
  takeApprovedChannel,
  FARCASTER_CHANNEL_TTL_MS,
  MAX_CHANNELS_PER_IP,
} from '../auth/farcaster/channels.js';
import { HttpError } from '../errors.js';
import { farcasterChannelsRepository } from './farcaster-channels.js';

const NOW = 1_800_000_000_000;
const approval = { fid: 7, userName: 'alice', message: 'signed', signature: '0xsig' };
const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (e: unknown) => (e as HttpError).statusCode,
  );

describe.each(ENGINES)('Farcaster channels on %s', (engine) => {
  it('opens, finds, approves once and is taken once', async () => {
    const store = farcasterChannelsRepository(await freshStorage(engine));
    const channel = await openChannel(store, { deviceId: 'device-1', ip: '10.0.0.1', now: NOW });
    expect(channel.expiresAt).toBe(NOW + FARCASTER_CHANNEL_TTL_MS);
    const row = (await channelByToken(store, channel.token))!;
    expect(row).toMatchObject({ id: channel.id, nonce: channel.nonce, ip: '10.0.0.1', fid: null, signature: null });
    expect(channelState(row, NOW)).toBe('pending');
    expect(await statusOf(takeApprovedChannel(store, channel.id, NOW))).toBe(409);
    await approveChannel(store, channel.id, approval);
    await approveChannel(store, channel.id, { ...approval, fid: 8 });
    expect(await channelById(store, channel.id)).toMatchObject({ fid: 7, user_name: 'alice', signature: '0xsig' });
    expect(await takeApprovedChannel(store, channel.id, NOW)).toMatchObject({ fid: 7, message: 'signed' });
    expect(await statusOf(takeApprovedChannel(store, channel.id, NOW))).toBe(404);
    expect(await channelByToken(store, 'not a token')).toBeUndefined();
  });

  it('keeps an IP’s newest channels, and a lapsed one is told expired and goes', async () => {
    const store = farcasterChannelsRepository(await freshStorage(engine));
    const ids: string[] = [];
    for (let i = 0; i <= MAX_CHANNELS_PER_IP; i++) ids.push((await openChannel(store, { deviceId: 'd', ip: '10.0.0.2', now: NOW + i })).id);
    expect(await channelById(store, ids[0]!)).toBeUndefined();
    expect(await channelById(store, ids[1]!)).toBeDefined();
    const later = NOW + FARCASTER_CHANNEL_TTL_MS + MAX_CHANNELS_PER_IP;
    expect(await statusOf(takeApprovedChannel(store, ids.at(-1)!, later))).toBe(410);
    expect(await channelById(store, ids.at(-1)!)).toBeUndefined();
  });
});

describe('Farcaster channels, two instances on one Postgres', () => {
  it('takes an approved channel once when both finish it at the same time', async () => {
    const url = await postgresUrl();
    const [a, b] = [farcasterChannelsRepository(await openAgain(url)), farcasterChannelsRepository(await openAgain(url))];
    for (let round = 0; round < 5; round++) {
      const { id } = await openChannel(a, { deviceId: 'd', ip: `10.1.0.${round}`, now: NOW });
      await Promise.all([approveChannel(a, id, approval), approveChannel(b, id, { ...approval, fid: 9 })]);
      const statuses = await Promise.all(Array.from({ length: 6 }, (_, i) => statusOf(takeApprovedChannel(i % 2 ? a : b, id, NOW))));
      expect(statuses.sort()).toEqual([200, 404, 404, 404, 404, 404]);
    }
  });
});
