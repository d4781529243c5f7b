/**
 * The list the ready-made implementations keep in the page's storage (localStorage unless the app
 * passes another): parsed with its schema on every read; data that does not parse is dropped and
 * the key cleared, never thrown; at most MAX_KEPT entries, the oldest dropped first.
 */
import * as z from 'zod/mini';
import { SiwxError } from './errors.js';

export type SiwxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The most sessions (or tokens) kept per storage key. */
export const MAX_KEPT = 50;

export interface KeptList<T> {
  read(): T[];
  /** Writes the list (the newest MAX_KEPT entries); an empty one removes the key. */
  write(items: T[]): void;
}

function defaultStorage(): SiwxStorage {
  const storage = (globalThis as { localStorage?: SiwxStorage }).localStorage;
  if (!storage) throw new SiwxError('No localStorage here: pass `storage` to keep sign-in sessions');
  return storage;
}

export function keptList<T>(schema: z.ZodMiniType<T>, key: string, storage?: SiwxStorage): KeptList<T> {
  const store = (): SiwxStorage => storage ?? defaultStorage();
  const list = z.array(schema);
  const clear = (): void => {
    try {
      store().removeItem(key);
    } catch {
      // Storage that cannot be written is as good as empty.
    }
  };
  return {
    read() {
      let text: string | null;
      try {
        text = store().getItem(key);
      } catch {
        return [];
      }
      if (text === null) return [];
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        clear();
        return [];
      }
      const parsed = z.safeParse(list, value);
      if (!parsed.success) {
        clear();
        return [];
      }
      return parsed.data;
    },
    write(items) {
      if (items.length === 0) return clear();
      try {
        store().setItem(key, JSON.stringify(items.slice(-MAX_KEPT)));
      } catch (err) {
        throw new SiwxError(`Could not keep the sign-in session: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}
