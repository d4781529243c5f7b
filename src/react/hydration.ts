/**
 * Hydration-safe store reads for the hooks. A server has no modal (createW3Modal runs in the
 * browser only), so it renders every hook from the stores' first values: disconnected, closed,
 * no network. By the time React hydrates, the browser's stores may already say more (a stored
 * connection restoring shows `connecting`); rendering that at once would differ from the server
 * HTML (React error #418). So on the server and during hydration a hook reads the store's server
 * value, and React renders again with the live value right after hydrating. A page rendered
 * with `createRoot` (no server HTML) reads the live value from its first render.
 */
import type { ReadableAtom } from 'nanostores';
import { useCallback, useRef, useSyncExternalStore } from 'react';

/**
 * `store`'s value: `serverValue` on the server and during hydration (what a server without a
 * modal renders), the live value otherwise; re-renders when the store changes.
 */
export function useW3Store<T>(store: ReadableAtom<T>, serverValue: T): T {
  // As @nanostores/react's useStore: the snapshot is kept per component, so an unchanged value
  // never makes React render again.
  const snapshot = useRef<T>(store.get());
  snapshot.current = store.get();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const emit = (value: T): void => {
        if (snapshot.current === value) return;
        snapshot.current = value;
        onChange();
      };
      emit(store.get());
      return store.listen(emit);
    },
    [store],
  );
  return useSyncExternalStore(
    subscribe,
    () => snapshot.current,
    () => serverValue,
  );
}

const never = (): (() => void) => () => undefined;

/** False on the server and during hydration, true from the render right after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
