/**
 * One kind of store for every remote read (issue 30, section 2), with the contract of
 * nanostores/query's createFetcherStore: a store of parameters is its key (undefined: idle); it
 * loads only while something listens, and again when the key changes; one request per key at a
 * time; answers kept per key for `lifetimeMs` in a cache of at most `maxEntries`; one
 * `{ data, loading, error, key }` value; an answer for a key no longer current (or a request a
 * reset or invalidate forgot) never lands. A failure may block new requests of the key it shows
 * for `errorBlockMs`, after which the key loads again by itself while listened. With
 * `staleOnLook`, every new listener (a view starting to look, not only the first) loads the key
 * again when its answer has outlived `lifetimeMs`.
 */
import { atom, onStart, onStop, type ReadableAtom } from 'nanostores';

export interface FetcherValue<T> {
  data?: T;
  loading: boolean;
  error?: unknown;
  /** The key `data` or `error` belongs to; undefined while idle. */
  key?: string;
}

export interface FetcherSettings<T, P> {
  /** Loads the data of `params`; `force` asks the source to skip its own caches. */
  fetcher: (params: P, ctx: { key: string; force: boolean }) => Promise<T>;
  /** The cache key of `params` (default: String(params)). */
  key?: (params: P) => string;
  /** How long an answer serves without a request (0: every load asks, still one at a time). */
  lifetimeMs?: number;
  /** The most keys kept (oldest dropped first). */
  maxEntries?: number;
  /** After a failure shown for its key, no new request of it for this long, then one by itself. */
  errorBlockMs?: number;
  /** Each new listener, not only the first, asks again for an answer older than `lifetimeMs` (a look at stale data). */
  staleOnLook?: boolean;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface FetcherStore<T> extends ReadableAtom<FetcherValue<T>> {
  /** Loads the current key: from the cache when fresh (unless `force`), else one shared request. Never rejects. */
  fetch(options?: { force?: boolean }): Promise<void>;
  /** Forgets the cached answers (and blocks) of the keys `match` accepts (all by default); the current one loads again while listened. */
  invalidate(match?: (key: string) => boolean): void;
  /** Asks the source again for the current key now (a failure's block lifted: 'Try again'), the data shown meanwhile. */
  revalidate(): Promise<void>;
  /** Sets the data of the current key (an action's own result, newer than a request under way: its answer is dropped), cached like an answer. */
  mutate(data: T): void;
  /** When the current key's failure block ends (0: none). */
  blockedUntil(): number;
  /** Forgets everything: cache, requests under way (their answers are dropped), blocks; the value goes idle. */
  reset(): void;
}

export function createFetcherStore<T, P = string>(source: ReadableAtom<P | undefined>, settings: FetcherSettings<T, P>): FetcherStore<T> {
  const { fetcher, key: keyOf = String, lifetimeMs = 0, maxEntries = 16, errorBlockMs = 0, staleOnLook, now = Date.now } = settings;
  const $value = atom<FetcherValue<T>>({ loading: false });
  const cache = new Map<string, { at: number; data: T }>();
  const blocks = new Map<string, number>();
  const running = new Map<string, Promise<void>>();
  let mounted = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const current = (): { params: P; key: string } | undefined => {
    const params = source.get();
    return params === undefined ? undefined : { params, key: keyOf(params) };
  };
  const bounded = <V>(map: Map<string, V>, key: string, value: V): void => {
    map.delete(key);
    map.set(key, value);
    if (map.size > maxEntries) map.delete(map.keys().next().value!);
  };
  const land = (key: string, next: FetcherValue<T>): void => {
    if (current()?.key === key) $value.set(next);
  };

  function fetch({ force = false } = {}): Promise<void> {
    const target = current();
    if (!target) return (void $value.set({ loading: false }), Promise.resolve());
    const { key, params } = target;
    const shown = $value.value;
    const hit = cache.get(key);
    if (!force && hit && now() - hit.at < lifetimeMs) return (void $value.set({ data: hit.data, loading: false, key }), Promise.resolve());
    const inFlight = running.get(key);
    if (inFlight) return inFlight;
    // A failure shown for this key holds it; coming back to the key after another is a fresh attempt.
    if (shown.key === key && shown.error !== undefined && now() < (blocks.get(key) ?? 0)) return Promise.resolve();
    $value.set({ data: shown.key === key ? shown.data : hit?.data, loading: true, key });
    const promise: Promise<void> = fetcher(params, { key, force }).then(
      (data) => {
        if (running.get(key) !== promise) return;
        bounded(cache, key, { at: now(), data });
        blocks.delete(key);
        land(key, { data, loading: false, key });
      },
      (error: unknown) => {
        if (running.get(key) !== promise) return;
        if (errorBlockMs > 0) bounded(blocks, key, now() + errorBlockMs);
        land(key, { data: $value.value.data, loading: false, error, key });
        if (errorBlockMs > 0 && mounted && current()?.key === key) {
          clearTimeout(timer);
          timer = setTimeout(() => {
            blocks.delete(key);
            if (mounted && current()?.key === key) void fetch();
          }, errorBlockMs);
        }
      },
    );
    bounded(running, key, promise);
    void promise.finally(() => running.get(key) === promise && running.delete(key));
    return promise;
  }

  let unsubscribe: (() => void) | undefined;
  onStart($value, () => {
    mounted = true;
    let last: string | undefined | null = null;
    unsubscribe = source.subscribe(() => {
      const key = current()?.key;
      if (key === last) return;
      last = key;
      void fetch();
    });
  });
  onStop($value, () => {
    mounted = false;
    clearTimeout(timer);
    unsubscribe?.();
  });

  if (staleOnLook) {
    const listen = $value.listen.bind($value);
    $value.listen = (listener) => {
      const off = listen(listener);
      const key = current()?.key;
      const hit = key === undefined ? undefined : cache.get(key);
      if (hit && now() - hit.at >= lifetimeMs) void fetch();
      return off;
    };
  }

  return Object.assign($value, {
    fetch,
    revalidate() {
      blocks.delete(current()?.key ?? '');
      return fetch({ force: true });
    },
    invalidate(match: (key: string) => boolean = () => true) {
      for (const map of [cache, blocks, running]) for (const key of [...map.keys()]) if (match(key)) map.delete(key);
      const key = current()?.key;
      if (mounted && key !== undefined && match(key)) void fetch();
    },
    mutate(data: T) {
      const key = current()?.key;
      if (key === undefined) return;
      running.delete(key);
      bounded(cache, key, { at: now(), data });
      $value.set({ data, loading: false, key });
    },
    blockedUntil: () => blocks.get(current()?.key ?? '') ?? 0,
    reset() {
      cache.clear();
      blocks.clear();
      running.clear();
      clearTimeout(timer);
      $value.set({ loading: false });
    },
  }) as FetcherStore<T>;
}
