/**
 * Hydration-safe store reads for the hooks. A server has no modal (createW3Modal runs in the
 * browser only), so it renders every hook from the stores' first values: disconnected, closed,
 * no network. By the time React hydrates, the browser's stores may already say more (a stored
 * connection restoring shows `connecting`); rendering that at once would differ from the server
 * HTML (React error #418). So on the server and during hydration a hook reads the store's server
 * value (useSyncExternalStore's getServerSnapshot), and React renders again with the live value
 * right after hydrating. A page rendered with `createRoot` (no server HTML) reads the live value
 * from its first render.
 */
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';

/**
 * `store`'s value: `serverValue` on the server and during hydration (what a server without a
 * modal renders), the live value otherwise; re-renders when the store changes.
 */
export function useW3Store<T>(store: ReadableAtom<T>, serverValue: T): T {
  return useStore(store, { ssr: () => serverValue });
}
