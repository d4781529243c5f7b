/** The part of sign-client's relayer the watch uses. */
export interface RelayerLike {
  readonly connected: boolean;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  off(event: string, listener: (...args: unknown[]) => void): unknown;
  transportOpen(): Promise<void>;
}

export interface RelayWatchOptions {
  /** Whether a session or pairing needs the relay now; an idle client is left closed. */
  active(): boolean;
  /** The relay stayed unreachable after every attempt. */
  onLost(error: unknown): void;
  onRestored?(): void;
}

/**
 * Watches the relay socket. After a drop, sign-client reconnects with up to 5 attempts at growing
 * delays (1, 2, 3, 4 and 5 s; spec section 9: up to 5 times with growing delays); this waits for
 * that attempt (joining it, or starting it when sign-client did not) and reports when the relay
 * is still unreachable at its end. A later request tries again from scratch.
 */
export function watchRelay(relayer: RelayerLike, options: RelayWatchOptions): () => void {
  let checking = false;
  let stopped = false;
  const onDisconnect = (): void => {
    if (checking || stopped || !options.active()) return;
    checking = true;
    // Let sign-client start its own reconnect first (it waits 100 ms), then join it.
    setTimeout(() => {
      relayer
        .transportOpen()
        .then(
          () => undefined,
          (err: unknown) => err,
        )
        .then((err) => {
          checking = false;
          if (stopped || !options.active()) return;
          if (relayer.connected) options.onRestored?.();
          else options.onLost(err);
        });
    }, 150);
  };
  relayer.on('relayer_disconnect', onDisconnect);
  return () => {
    stopped = true;
    relayer.off('relayer_disconnect', onDisconnect);
  };
}
