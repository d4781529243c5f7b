/**
 * What supported-chains lists for a node it must ask (ChainNode.announcedChainId, ./types.ts):
 * the chain id the node answers within ANNOUNCE_WAIT_MS, else undefined (a node that is slow,
 * down or refuses never holds the route up nor fails it).
 */

/** How long supported-chains waits for a node's chain id (its genesis hash). */
export const ANNOUNCE_WAIT_MS = 2000;

/** `chainId()`'s answer when it comes within `waitMs`; undefined when it fails or comes later. */
export function chainIdWithin(chainId: () => Promise<string>, waitMs = ANNOUNCE_WAIT_MS): Promise<string | undefined> {
  // AbortSignal.timeout's timer does not keep the process alive.
  const timeout = new Promise<undefined>((resolve) => AbortSignal.timeout(waitMs).addEventListener('abort', () => resolve(undefined)));
  return Promise.race([chainId().catch(() => undefined), timeout]);
}
