/**
 * Every store's way back to its start, registered where the store is created: `resettable(atom(…))`
 * for a store whose start is the value it was created with, `onReset(fn)` for a store that has its
 * own reset (timers, caches, a fetcher's cache). `resetStores()` runs them all (the tests: a store
 * added later is reset with no list to edit). nanostores' `cleanStores` drops listeners; this
 * puts values back.
 */
import type { WritableAtom } from 'nanostores';

const resets: (() => void)[] = [];

/** Registers `reset` to run on resetStores(). */
export const onReset = (reset: () => void): number => resets.push(reset);

/** `store`, set back to the value it holds now (its start) on resetStores(). */
export function resettable<S extends WritableAtom<unknown>>(store: S): S {
  const start: unknown = store.get();
  onReset(() => store.set(start));
  return store;
}

/** Puts every registered store back to its start, in the order they were created. */
export function resetStores(): void {
  for (const reset of resets) reset();
}
