/**
 * The relay's publish quotas. A client id is any fresh Ed25519 key, so besides the per-second
 * limit per client id, what is published is counted per IP (an IPv6 /64, which one host
 * usually holds whole) and for all IPs together, in messages and in UTF-8 bytes, per hour.
 * A publish is counted all or nothing; past any quota it is refused with `rateLimited`
 * (-32029) saying which quota and when it resets. The per-IP windows are bounded
 * (MAX_QUOTA_KEYS, the oldest dropped first), so many addresses cannot grow them without end.
 */
import { FixedWindowCounter } from '../fixed-window.js';
import { RelayRpcError, RPC_ERRORS, type RelayLimits } from './protocol.js';

export const QUOTA_WINDOW_MS = 3_600_000;
/** Windows kept per counter of client ids or IPs. */
export const MAX_QUOTA_KEYS = 100_000;
const ALL = '*';

interface Quota {
  counter: FixedWindowCounter;
  refusal: (retryS: number) => string;
}

export class RelayQuotas {
  private readonly perClient: FixedWindowCounter;
  private readonly perIp: { messages: Quota; bytes: Quota };
  private readonly global: { messages: Quota; bytes: Quota };

  constructor(
    private readonly limits: RelayLimits,
    now: () => number = Date.now,
  ) {
    const hourly = (max: number, keys: number, refusal: Quota['refusal']): Quota => ({
      counter: new FixedWindowCounter(max, QUOTA_WINDOW_MS, now, keys),
      refusal,
    });
    this.perClient = new FixedWindowCounter(limits.maxPublishesPerSecond, 1000, now, MAX_QUOTA_KEYS);
    this.perIp = {
      messages: hourly(
        limits.ipMessagesPerHour,
        MAX_QUOTA_KEYS,
        (s) => `at most ${limits.ipMessagesPerHour} messages per hour from one IP; retry in ${s} s`,
      ),
      bytes: hourly(
        limits.ipBytesPerHour,
        MAX_QUOTA_KEYS,
        (s) => `at most ${limits.ipBytesPerHour} bytes per hour from one IP; retry in ${s} s`,
      ),
    };
    this.global = {
      messages: hourly(
        limits.globalMessagesPerHour,
        1,
        (s) => `at most ${limits.globalMessagesPerHour} messages per hour from all clients; retry in ${s} s`,
      ),
      bytes: hourly(
        limits.globalBytesPerHour,
        1,
        (s) => `at most ${limits.globalBytesPerHour} bytes per hour from all clients; retry in ${s} s`,
      ),
    };
  }

  /** Counts `messages` messages of `bytes` bytes from `clientId` at `ip`, all or nothing; a RelayRpcError past any quota. */
  take(clientId: string, ip: string, messages: number, bytes: number): void {
    if (!this.perClient.check(clientId, messages).ok) {
      throw new RelayRpcError(
        RPC_ERRORS.rateLimited,
        `Too many publishes: at most ${this.limits.maxPublishesPerSecond} per second per client`,
      );
    }
    const counts: [Quota, string, number][] = [
      [this.perIp.messages, ip, messages],
      [this.perIp.bytes, ip, bytes],
      [this.global.messages, ALL, messages],
      [this.global.bytes, ALL, bytes],
    ];
    for (const [quota, key, n] of counts) {
      const verdict = quota.counter.check(key, n);
      if (!verdict.ok)
        throw new RelayRpcError(RPC_ERRORS.rateLimited, `Quota exceeded: ${quota.refusal(Math.ceil(verdict.retryInMs / 1000))}`);
    }
    this.perClient.take(clientId, messages);
    for (const [quota, key, n] of counts) quota.counter.take(key, n);
  }

  /** Forgets ended windows. */
  sweep(): void {
    for (const counter of [this.perClient, this.perIp.messages.counter, this.perIp.bytes.counter]) counter.sweep();
  }
}
