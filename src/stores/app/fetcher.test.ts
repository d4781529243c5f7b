import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFetcherStore, type FetcherSettings } from './fetcher.js';

/** A fetcher whose answers the test gives by hand, recording each request's key. */
function manual() {
  const calls: { key: string; force: boolean; resolve: (v: string) => void; reject: (e: unknown) => void }[] = [];
  const fetcher = (params: string, ctx: { key: string; force: boolean }) =>
    new Promise<string>((resolve, reject) => void calls.push({ key: params, force: ctx.force, resolve, reject }));
  return { calls, fetcher };
}

let time = 0;
function setup(settings: Partial<FetcherSettings<string, string>> = {}, first: string | undefined = 'a') {
  const $key = atom<string | undefined>(first);
  const { calls, fetcher } = manual();
  const $store = createFetcherStore<string, string>($key, { fetcher, now: () => time, ...settings });
  return { $key, $store, calls };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  time = 0;
  vi.useRealTimers();
});

describe('createFetcherStore', () => {
  it('loads only while something listens, and not again once nobody does', async () => {
    const { $key, $store, calls } = setup();
    expect(calls).toHaveLength(0);
    const off = $store.listen(() => undefined);
    expect(calls.map((c) => c.key)).toEqual(['a']);
    expect($store.get()).toEqual({ data: undefined, loading: true, key: 'a' });
    calls[0]!.resolve('A');
    await flush();
    expect($store.get()).toEqual({ data: 'A', loading: false, key: 'a' });
    off();
    $key.set('b');
    $store.invalidate();
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('loads again when its key changes; no key is idle', async () => {
    const { $key, $store, calls } = setup();
    $store.listen(() => undefined);
    $key.set('b');
    expect(calls.map((c) => c.key)).toEqual(['a', 'b']);
    $key.set(undefined);
    expect($store.get()).toEqual({ loading: false });
    expect(calls).toHaveLength(2);
  });

  it('a new value of the key store with the same key asks nothing', async () => {
    const $params = atom<{ id: string; at: number } | undefined>({ id: 'a', at: 1 });
    const { calls, fetcher } = manual();
    const $store = createFetcherStore($params, { key: (p) => p.id, fetcher: (p, ctx) => fetcher(p.id, ctx) });
    $store.listen(() => undefined);
    calls[0]!.resolve('A');
    await flush();
    $params.set({ id: 'a', at: 2 });
    expect(calls).toHaveLength(1);
    expect($store.get()).toEqual({ data: 'A', loading: false, key: 'a' });
  });

  it('shares one request per key among loads', async () => {
    const { $store, calls } = setup();
    $store.listen(() => undefined);
    const one = $store.fetch();
    const two = $store.fetch({ force: true });
    expect(calls).toHaveLength(1);
    calls[0]!.resolve('A');
    await Promise.all([one, two]);
    expect($store.get().data).toBe('A');
  });

  it('serves the cache for its lifetime, then asks again', async () => {
    const { $key, $store, calls } = setup({ lifetimeMs: 1000 });
    $store.listen(() => undefined);
    calls[0]!.resolve('A');
    await flush();
    $key.set('b');
    calls[1]!.resolve('B');
    await flush();
    time = 999;
    $key.set('a');
    expect($store.get()).toEqual({ data: 'A', loading: false, key: 'a' });
    expect(calls).toHaveLength(2);
    time = 1000;
    void $store.fetch();
    expect(calls).toHaveLength(3);
    // The expired answer stays shown while the new one loads.
    expect($store.get()).toEqual({ data: 'A', loading: true, key: 'a' });
  });

  it('keeps at most maxEntries keys, dropping the oldest', async () => {
    const { $key, $store, calls } = setup({ lifetimeMs: 10_000, maxEntries: 2 });
    $store.listen(() => undefined);
    for (const [i, k] of ['a', 'b', 'c'].entries()) {
      $key.set(k);
      calls[i]!.resolve(k.toUpperCase());
      await flush();
    }
    $key.set('b');
    expect(calls).toHaveLength(3); // b still cached
    $key.set('a');
    expect(calls).toHaveLength(4); // a was dropped
  });

  it('drops the answer of a key no longer current (it is still cached for that key)', async () => {
    const { $key, $store, calls } = setup({ lifetimeMs: 10_000 });
    $store.listen(() => undefined);
    $key.set('b');
    calls[0]!.resolve('A');
    await flush();
    expect($store.get()).toEqual({ data: undefined, loading: true, key: 'b' });
    calls[1]!.resolve('B');
    await flush();
    expect($store.get().data).toBe('B');
    $key.set('a');
    expect($store.get()).toEqual({ data: 'A', loading: false, key: 'a' });
  });

  it('drops an answer asked before a reset, and a failure before an invalidate', async () => {
    const { $store, calls } = setup({ lifetimeMs: 10_000 });
    $store.listen(() => undefined);
    $store.reset();
    calls[0]!.resolve('old');
    await flush();
    expect($store.get()).toEqual({ loading: false });
    void $store.fetch();
    $store.invalidate();
    expect(calls).toHaveLength(3);
    calls[1]!.reject(new Error('late'));
    calls[2]!.resolve('new');
    await flush();
    expect($store.get()).toEqual({ data: 'new', loading: false, key: 'a' });
  });

  it('invalidate forgets matching keys and loads the current one; revalidate forces; mutate sets', async () => {
    const { $key, $store, calls } = setup({ lifetimeMs: 10_000 });
    $store.listen(() => undefined);
    calls[0]!.resolve('A');
    await flush();
    $store.invalidate((k) => k === 'z');
    expect(calls).toHaveLength(1);
    $store.invalidate((k) => k === 'a');
    expect(calls).toHaveLength(2);
    calls[1]!.resolve('A2');
    await flush();
    void $store.revalidate();
    expect(calls[2]).toMatchObject({ key: 'a', force: true });
    expect($store.get()).toEqual({ data: 'A2', loading: true, key: 'a' });
    calls[2]!.resolve('A3');
    await flush();
    $store.mutate('mine');
    expect($store.get()).toEqual({ data: 'mine', loading: false, key: 'a' });
    $key.set('b');
    $key.set('a');
    expect($store.get().data).toBe('mine');
    expect(calls).toHaveLength(4);
  });

  it('a failure blocks its key for errorBlockMs, then loads again by itself while listened', async () => {
    vi.useFakeTimers();
    const { $key, $store, calls } = setup({ errorBlockMs: 30_000 });
    $store.listen(() => undefined);
    calls[0]!.reject(new Error('down'));
    await vi.advanceTimersByTimeAsync(0);
    expect($store.get()).toMatchObject({ loading: false, key: 'a', error: new Error('down') });
    expect($store.blockedUntil()).toBe(30_000);
    await $store.fetch({ force: true });
    expect(calls).toHaveLength(1);
    // Another key and back: a fresh attempt.
    $key.set('b');
    $key.set('a');
    expect(calls.map((c) => c.key)).toEqual(['a', 'b', 'a']);
    calls[2]!.reject(new Error('again'));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(4);
    // 'Try again' (revalidate) lifts a block at once.
    calls[3]!.reject(new Error('third'));
    await vi.advanceTimersByTimeAsync(0);
    void $store.revalidate();
    expect(calls).toHaveLength(5);
  });
});

describe('staleOnLook', () => {
  it('a new listener while others listen asks again once the answer outlived its lifetime, not before', async () => {
    const { $store, calls } = setup({ lifetimeMs: 30_000, staleOnLook: true });
    const view = $store.listen(() => undefined);
    calls[0]!.resolve('A');
    await flush();
    time = 29_000;
    const early = $store.listen(() => undefined);
    expect(calls).toHaveLength(1);
    early();
    time = 31_000;
    const look = $store.listen(() => undefined);
    expect(calls).toHaveLength(2);
    expect($store.get()).toEqual({ data: 'A', loading: true, key: 'a' });
    // A look while that request runs shares it.
    $store.listen(() => undefined)();
    expect(calls).toHaveLength(2);
    look();
    view();
  });

  it('without it, only the first listener loads', async () => {
    const { $store, calls } = setup({ lifetimeMs: 30_000 });
    const view = $store.listen(() => undefined);
    calls[0]!.resolve('A');
    await flush();
    time = 31_000;
    $store.listen(() => undefined)();
    expect(calls).toHaveLength(1);
    view();
  });
});
