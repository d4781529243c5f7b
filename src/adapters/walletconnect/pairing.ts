import { WALLETCONNECT } from '../../core/constants.js';
import type { ProposalNamespace } from './namespaces.js';

/** Time as the pairing sees it; tests pass a clock they move by hand. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PairingUri {
  uri: string;
  /** When this URI stops being offered (ms since the epoch, by the pairing's clock). */
  expiresAt: number;
}

/** The part of sign-client a pairing uses. */
export interface ConnectCapable<S> {
  connect(args: { optionalNamespaces: Record<string, ProposalNamespace> }): Promise<{ uri?: string; approval: () => Promise<S> }>;
}

export interface PairingOptions {
  optionalNamespaces: Record<string, ProposalNamespace>;
  onUri(uri: PairingUri): void;
  clock?: Clock;
  expiryMs?: number;
  refreshLeftMs?: number;
}

export interface Pairing<S> {
  /** Resolves with the session once the wallet approves any URI offered so far. */
  session: Promise<S>;
  stop(): void;
}

/**
 * Offers pairing URIs until a wallet approves one. Each URI is offered for 4 minutes; when 10 s
 * or less remains it is replaced by a fresh one without user action (spec section 9). A URI
 * already scanned still completes: an approval of any offered proposal resolves. A rejection of
 * the current proposal, or a failure to create one, rejects.
 */
export function startPairing<S>(client: ConnectCapable<S>, options: PairingOptions): Pairing<S> {
  const clock = options.clock ?? systemClock;
  const expiryMs = options.expiryMs ?? WALLETCONNECT.pairingExpiryMs;
  const refreshLeftMs = options.refreshLeftMs ?? WALLETCONNECT.pairingRefreshLeftMs;
  let stopped = false;
  let timer: unknown;
  let generation = 0;
  let settle: { resolve(s: S): void; reject(e: unknown): void };
  const session = new Promise<S>((resolve, reject) => (settle = { resolve, reject }));

  const offer = async (): Promise<void> => {
    const mine = ++generation;
    let created: Awaited<ReturnType<ConnectCapable<S>['connect']>>;
    try {
      created = await client.connect({ optionalNamespaces: options.optionalNamespaces });
      if (!created.uri) throw new Error('The WalletConnect client returned no pairing URI');
    } catch (err) {
      if (!stopped) settle.reject(err);
      return;
    }
    if (stopped) return;
    created.approval().then(
      (s) => {
        if (stopped) return;
        stop();
        settle.resolve(s);
      },
      (err: unknown) => {
        if (!stopped && mine === generation) settle.reject(err);
      },
    );
    options.onUri({ uri: created.uri, expiresAt: clock.now() + expiryMs });
    timer = clock.setTimeout(() => {
      if (!stopped) void offer();
    }, expiryMs - refreshLeftMs);
  };

  const stop = (): void => {
    stopped = true;
    clock.clearTimeout(timer);
  };

  void offer();
  return { session, stop };
}
