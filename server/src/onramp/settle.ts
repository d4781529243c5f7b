/**
 * A checkout's payout, sent at most once (issue 29). The payout is signed, its hash, nonce and
 * raw bytes recorded in the session, and only then broadcast; signing, recording and sending go
 * one payout at a time (one nonce sequence). From the record on, the session stays `paying`
 * until the chain settles it: mined (`paid`), reverted, refused or its nonce used by another
 * transaction (`failed`, nothing paid). A receipt that does not come in time leaves the session
 * `paying`, and the watcher (every few seconds, and on start) follows its hash, sending the
 * same bytes again when the node lost them; a second payout is never signed for it.
 *
 * On start and on each watch pass, a `paying` session without a recorded transaction claimed more
 * than CLAIM_STALE_MS ago is given back to `pending`: its instance died between claim and record,
 * so its payout was never sent (the record comes before the broadcast) and paying it later pays
 * once. A younger claim may be another live instance's, about to sign: it is left alone
 * (../storage/onramp-sessions.ts says why the bound is safe).
 */
import type { Hex } from 'viem';
import { BroadcastRefused, PayoutError, type Payout } from './payout.js';
import type { OnrampSession, OnrampSessions } from './sessions.js';

/** How long a submit waits for the receipt before the page says the payment is on its way. */
export const RECEIPT_WAIT_MS = 30_000;
/** How often the watcher looks at the payouts under way. */
export const WATCH_INTERVAL_MS = 3_000;
/** Payouts the watcher looks at per pass. */
const WATCH_BATCH = 100;

export type PayOutcome =
  /** Mined: the session is paid. */
  | { kind: 'paid' }
  /** Sent (or maybe sent) and not mined yet: the session stays paying with this hash. */
  | { kind: 'sent'; hash: Hex }
  /** Nothing was signed or sent: the session is pending again. */
  | { kind: 'unpaid'; reason: string }
  /** Recorded and refused or reverted: the session failed, nothing was paid. */
  | { kind: 'failed'; reason: string };

export interface SettleOptions {
  sessions: OnrampSessions;
  payout: Payout;
  now(): number;
  log(err: unknown, what: string): void;
  receiptWaitMs?: number;
  watchIntervalMs?: number;
}

export interface Settlement {
  /** Pays a session this caller claimed (pending -> paying). */
  pay(session: OnrampSession): Promise<PayOutcome>;
  /** One pass over the payouts under way: settles the mined, sends again the lost. */
  watch(): Promise<void>;
  /** Gives back the stale claims without a recorded payout (await it before serving), then watches every interval. */
  start(): Promise<void>;
  stop(): void;
}

export function settlement(options: SettleOptions): Settlement {
  const { sessions, payout, now, log } = options;
  const receiptWaitMs = options.receiptWaitMs ?? RECEIPT_WAIT_MS;
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run);
    queue = next.catch(() => undefined);
    return next;
  };

  const reverted = (hash: string) => `the payout transaction ${hash} was reverted on chain`;

  /** Signs, records, then sends; the outcome before any receipt. */
  const send = (s: OnrampSession): Promise<PayOutcome> =>
    oneAtATime(async () => {
      let signed;
      try {
        signed = await payout.sign(s.address as Hex, BigInt(s.cryptoAmount));
      } catch (err) {
        await sessions.release(s.id);
        const reason = err instanceof PayoutError ? err.message : `the payout could not be signed (${(err as Error).message})`;
        return { kind: 'unpaid', reason };
      }
      // Recorded before it leaves; a claim given back meanwhile (a restart elsewhere) sends nothing.
      if (!(await sessions.record(s.id, signed)))
        return { kind: 'unpaid', reason: 'the checkout was given back before its payout was sent' };
      try {
        await payout.broadcast(signed.raw);
      } catch (err) {
        if (err instanceof BroadcastRefused) {
          await sessions.fail(s.id, err.message);
          return { kind: 'failed', reason: err.message };
        }
        // No answer: it may have left. The watcher sends the same bytes again if the node lacks them.
        log(err, `on-ramp payout ${signed.hash}: no answer to the broadcast`);
      }
      return { kind: 'sent', hash: signed.hash };
    });

  const pay = async (s: OnrampSession): Promise<PayOutcome> => {
    const sent = await send(s);
    if (sent.kind !== 'sent') return sent;
    try {
      const outcome = await payout.waitMined(sent.hash, receiptWaitMs);
      if (outcome === 'success') {
        await sessions.paid(s.id, now());
        return { kind: 'paid' };
      }
      if (outcome === 'reverted') {
        await sessions.fail(s.id, reverted(sent.hash));
        return { kind: 'failed', reason: reverted(sent.hash) };
      }
    } catch (err) {
      log(err, `on-ramp payout ${sent.hash}: waiting for its receipt`);
    }
    return sent;
  };

  const settle = async (s: OnrampSession): Promise<void> => {
    const tx = { hash: s.txHash as Hex, nonce: s.txNonce!, from: s.txFrom as Hex };
    const state = await payout.state(tx);
    if (state === 'success') await sessions.paid(s.id, now());
    else if (state === 'reverted') await sessions.fail(s.id, reverted(tx.hash));
    else if (state === 'replaced')
      await sessions.fail(s.id, `the payout transaction ${tx.hash} was dropped: its nonce was used by another transaction`);
    else if (state === 'unseen') {
      const raw = (await sessions.rawTx(s.id)) as Hex | undefined;
      if (!raw) return;
      try {
        await oneAtATime(() => payout.broadcast(raw));
      } catch (err) {
        if (!(err instanceof BroadcastRefused)) throw err;
        // Refused: settled unless it was mined or pooled meanwhile.
        const again = await payout.state(tx);
        if (again === 'unseen' || again === 'replaced') await sessions.fail(s.id, err.message);
        else if (again !== 'pending') return settle(s);
      }
    }
  };

  let watching = false;
  const watch = async () => {
    if (watching) return;
    watching = true;
    try {
      await sessions.releaseUnrecorded(now()).catch((err: unknown) => log(err, 'on-ramp: giving back stale claims'));
      for (const s of await sessions.paying(WATCH_BATCH)) {
        if (s.txHash === null || s.txNonce === null || s.txFrom === null) continue;
        try {
          await settle(s);
        } catch (err) {
          log(err, `on-ramp payout ${s.txHash}: checking it on chain`);
        }
      }
    } finally {
      watching = false;
    }
  };

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  return {
    pay,
    watch,
    async start() {
      await sessions.releaseUnrecorded(now());
      if (stopped) return;
      void watch();
      timer = setInterval(() => void watch(), options.watchIntervalMs ?? WATCH_INTERVAL_MS);
      timer.unref();
    },
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
