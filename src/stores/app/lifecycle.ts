/**
 * Lazy work a store owns while something listens (DESIGN.md: stores own their lazy work). Like
 * nanostores' onMount, but the cleanup runs as soon as the last listener leaves, not a second
 * later: a view that is left stops its work at once (a WalletConnect pairing), and a view shown
 * again starts it again (the Account view's reload). A bare `get()` of such a store with nobody
 * listening starts and stops it at once, so views read it through a StoreController.
 */
import { onStart, onStop, type ReadableAtom } from 'nanostores';

export function whileListened(store: ReadableAtom<unknown>, start: () => (() => void) | void): void {
  let stop: (() => void) | void;
  onStart(store, () => {
    stop = start();
  });
  onStop(store, () => stop?.());
}
