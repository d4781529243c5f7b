/**
 * Where the relay's hourly quota windows are counted (quota.ts judges them). Three places, one
 * interface: the database rows themselves, one upsert per publish (`sharedWindows`, what several
 * instances on one database would need without Redis); this process's memory with write-back
 * (`localWindows`, the default of one instance: a publish counts without a query); and Redis
 * between instances (../redis/quota-windows.ts). In memory a window is read from its row the
 * first time its key is counted (a restart does not reset it) and is written back within
 * WRITE_BACK_MS of a change, and on `flush` (the relay's shutdown): a crash loses at most that
 * second of counts. Windows held in memory are bounded (`maxKeys`; written-back ones are dropped
 * first, oldest first, and read again when needed).
 */
import { currentWindow, type RelayQuotaRepository, type WindowCount, type WindowKey } from '../storage/relay-quota.js';

export type { WindowCount, WindowKey } from '../storage/relay-quota.js';

export interface QuotaWindows {
  /** The current windows of `keys`, in their order. */
  read(keys: readonly WindowKey[], now: number): Promise<WindowCount[]>;
  /** Adds `n` to each window all or nothing; `verdict` sees them before and may throw (then nothing is counted). */
  take(
    counts: readonly (readonly [counter: string, key: string, n: number])[],
    now: number,
    verdict: (before: WindowCount[]) => void,
  ): Promise<void>;
  /** Forgets ended windows. */
  sweep(now: number): Promise<void>;
  /** Writes what is counted in memory to where it is kept. */
  flush(): Promise<void>;
}

/** The rows themselves: each take one upsert (storage/relay-quota.ts). */
export function sharedWindows(repo: RelayQuotaRepository): QuotaWindows {
  return { read: repo.read, take: repo.take, sweep: repo.sweep, flush: async () => undefined };
}

/** How soon a window counted in memory is written back to its row. */
export const WRITE_BACK_MS = 1000;

interface Held {
  count: number;
  resetAt: number;
  /** Changed since it was last written back. */
  dirty: boolean;
}

const idOf = (counter: string, key: string) => `${counter}\n${key}`;

/** One instance's windows in memory, read from and written back to the rows of `repo`. */
export function localWindows(repo: RelayQuotaRepository, windowMs: number, maxKeys: number): QuotaWindows {
  const held = new Map<string, Held>();
  const loading = new Map<string, Promise<void>>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let written: Promise<void> = Promise.resolve();

  const load = async (keys: readonly WindowKey[], now: number) => {
    const toRead = keys.filter(([c, k]) => !held.has(idOf(c, k)) && !loading.has(idOf(c, k)));
    if (toRead.length) {
      const read = repo
        .read(toRead, now)
        .then((counts) =>
          toRead.forEach(([c, k], i) => {
            const id = idOf(c, k);
            if (!held.has(id)) held.set(id, { ...counts[i]!, dirty: false });
          }),
        )
        .finally(() => toRead.forEach(([c, k]) => loading.delete(idOf(c, k))));
      for (const [c, k] of toRead) loading.set(idOf(c, k), read);
    }
    await Promise.all(keys.map(([c, k]) => loading.get(idOf(c, k))));
  };

  /** The windows of `keys` as they are now (an ended one starts again at 0) when all are held, else undefined. */
  const heldNow = (keys: readonly (readonly [string, string, ...unknown[]])[], now: number): Held[] | undefined => {
    const list: Held[] = [];
    for (const [c, k] of keys) {
      const h = held.get(idOf(c, k));
      if (!h) return undefined;
      list.push(h);
    }
    for (const h of list) {
      const window = currentWindow(h, now, windowMs);
      if (window !== h) Object.assign(h, window);
    }
    return list;
  };
  /** The windows of `keys` as they are now, once all are held. */
  const current = async (keys: readonly WindowKey[], now: number): Promise<Held[]> => {
    let list = heldNow(keys, now);
    while (!list) {
      await load(keys, now);
      list = heldNow(keys, now);
    }
    return list;
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    const rows: [string, string, number, number][] = [];
    for (const [id, h] of held) {
      if (!h.dirty) continue;
      h.dirty = false;
      const cut = id.indexOf('\n');
      rows.push([id.slice(0, cut), id.slice(cut + 1), h.count, h.resetAt]);
    }
    if (rows.length)
      written = written
        .catch(() => undefined)
        .then(() => repo.save(rows))
        .catch((err: unknown) => {
          // Not written: marked again, for the next write-back.
          for (const [c, k] of rows) {
            const h = held.get(idOf(c, k));
            if (h) h.dirty = true;
          }
          schedule();
          throw err;
        });
    return written;
  };
  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => void flush().catch(() => undefined), WRITE_BACK_MS);
    timer.unref?.();
  };
  /** Drops written-back windows, oldest first, past the bound. */
  const bound = () => {
    if (held.size <= maxKeys) return;
    for (const [id, h] of held) {
      if (held.size <= maxKeys * 0.9) break;
      if (!h.dirty) held.delete(id);
    }
  };

  return {
    async read(keys, now) {
      return (await current(keys, now)).map(({ count, resetAt }) => ({ count, resetAt }));
    },
    async take(counts, now, verdict) {
      // Held already (the hot path): no key lists or copies made.
      const windows =
        heldNow(counts, now) ??
        (await current(
          counts.map(([c, k]) => [c, k] as const),
          now,
        ));
      verdict(windows);
      for (let i = 0; i < counts.length; i++) {
        windows[i]!.count += counts[i]![2];
        windows[i]!.dirty = true;
      }
      schedule();
      bound();
    },
    async sweep(now) {
      for (const [id, h] of held) if (h.resetAt <= now) held.delete(id);
      await flush();
      await repo.sweep(now);
    },
    flush,
  };
}
