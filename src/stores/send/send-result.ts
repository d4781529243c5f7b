/**
 * The hash of each transaction the WalletSend view sends, for `open({ view: 'WalletSend' })`
 * to resolve with. Tiny on purpose: the first chunk imports it.
 */
type Listener = (hash: string) => void;
const listeners = new Set<Listener>();

/** Calls `listener` with the next sent transaction's hash; returns a function that removes it. */
export function onTransactionSent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitTransactionSent(hash: string): void {
  for (const listener of [...listeners]) listener(hash);
}
