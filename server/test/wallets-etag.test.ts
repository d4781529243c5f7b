/**
 * GET /getWallets keeps each reply's JSON and ETag with the repository's cached reply
 * (routes/serialized-replies.ts): the same query answers the same bytes and ETag, If-None-Match
 * with it gets a 304 without a body, and a change of the registry gives a new body and ETag at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletEntry } from '../../src/test-utils/wallet-entry.js';
import { getWalletsReplySchema } from '../../src/wire/provider-api.js';
import type { RunningServer } from '../src/index.js';
import { walletsRepository } from '../src/storage/wallets.js';
import { validateWalletList } from '../src/wallets/import.js';
import { matchesEtag, SerializedReplies } from '../src/routes/serialized-replies.js';
import { DEV, LOCAL_ORIGIN, start } from './helpers.js';

let server: RunningServer;
const PATH = `/getWallets?projectId=${DEV}&page=1&entries=5`;
const get = (headers: Record<string, string> = {}) => fetch(`${server.url}${PATH}`, { headers: { origin: LOCAL_ORIGIN, ...headers } });

beforeAll(async () => {
  server = await start({ seed: { wallets: 50 } });
});
afterAll(() => server.close());

describe('GET /getWallets ETag', () => {
  it('answers the same JSON and a strong ETag for the same query, valid against the reply schema', async () => {
    const first = await get();
    const second = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{22}"$/);
    expect(second.headers.get('etag')).toBe(etag);
    const [a, b] = [await first.text(), await second.text()];
    expect(b).toBe(a);
    expect(getWalletsReplySchema.parse(JSON.parse(a)).data).toHaveLength(5);
    // CORS is still answered on the cached path.
    expect(second.headers.get('access-control-allow-origin')).toBe(LOCAL_ORIGIN);
  });

  it('answers 304 without a body to If-None-Match naming the ETag (also in a list or weak), 200 to another', async () => {
    const etag = (await get()).headers.get('etag')!;
    for (const header of [etag, `"other", ${etag}`, `W/${etag}`, '*']) {
      const reply = await get({ 'if-none-match': header });
      expect(reply.status, header).toBe(304);
      expect(reply.headers.get('etag')).toBe(etag);
      expect(await reply.text()).toBe('');
    }
    expect((await get({ 'if-none-match': '"not-it"' })).status).toBe(200);
  });

  it('gives a new body and ETag as soon as the registry changes', async () => {
    const before = await get();
    const etag = before.headers.get('etag')!;
    await walletsRepository(server.storage).store(validateWalletList([walletEntry('aaa-first', { order: 0 })]), 'upsert');
    const after = await get({ 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(getWalletsReplySchema.parse(await after.json()).data[0]!.id).toBe('aaa-first');
  });
});

describe('SerializedReplies', () => {
  it('serializes a reply object once, and a new object again', () => {
    let calls = 0;
    const replies = new SerializedReplies<{ n: number }>((r) => (calls++, JSON.stringify(r)));
    const one = { n: 1 };
    expect(replies.of(one)).toBe(replies.of(one));
    expect(calls).toBe(1);
    const other = replies.of({ n: 2 });
    expect(calls).toBe(2);
    expect(other.body).toBe('{"n":2}');
    expect(other.etag).not.toBe(replies.of(one).etag);
  });

  it('matches If-None-Match as RFC 9110 says for GET', () => {
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag(' "b" , W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag('a', '"a"')).toBe(false);
  });
});
