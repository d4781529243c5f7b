/**
 * The relay's publish quotas. A client id is any fresh Ed25519 key, so besides the per-second
 * limit per client id, what is published is counted per IP (an IPv6 /64, which one host
 * usually holds whole) and for all IPs together, in messages and in UTF-8 bytes, per hour.
 * A publish is counted all or nothing; past any quota it is refused with `rateLimited`
 * (-32029) saying which quota and when it resets. Past the all-clients quota only the heavy
 * addresses are refused (LIGHT_SHARE_DIVISOR), so a few addresses cannot lock everyone out.
 * The hourly windows are rows in SQLite (QuotaWindows: a restart does not reset them), bounded
 * (MAX_QUOTA_KEYS, the oldest dropped first), so many addresses cannot grow them without end.
 */
import type { Database } from 'better-sqlite3';
import { FixedWindowCounter } from '../fixed-window.js';
import { RelayRpcError, RPC_ERRORS, type RelayLimits } from './protocol.js';
import { QuotaWindows, type WindowCount } from './quota-windows.js';

export const QUOTA_WINDOW_MS = 3_600_000;
/** Windows kept per counter of client ids or IPs. */
export const MAX_QUOTA_KEYS = 100_000;
const ALL = '*';

/** Counters of the hourly windows (QuotaWindows), per address and for all addresses ('*'). */
const COUNTERS = { ipMessages: 'ip-messages', ipBytes: 'ip-bytes', allMessages: 'all-messages', allBytes: 'all-bytes' } as const;

/**
 * Past the all-clients quota, an address that has published less than this fraction of its own
 * hourly quota (in messages and in bytes) is still admitted: the all-clients quota holds back the
 * heavy senders, never everyone, so ten addresses cannot take the relay for an hour.
 */
export const LIGHT_SHARE_DIVISOR = 10;

export class RelayQuotas {
  private readonly perClient: FixedWindowCounter;
  private readonly windows: QuotaWindows;

  constructor(
    private readonly limits: RelayLimits,
    db: Database,
    private readonly now: () => number = Date.now,
  ) {
    this.perClient = new FixedWindowCounter(limits.maxPublishesPerSecond, 1000, now, MAX_QUOTA_KEYS);
    this.windows = new QuotaWindows(db, QUOTA_WINDOW_MS, now, MAX_QUOTA_KEYS);
  }

  /** Counts `messages` messages of `bytes` bytes from `clientId` at `ip`, all or nothing; a RelayRpcError past any quota. */
  take(clientId: string, ip: string, messages: number, bytes: number): void {
    this.check(clientId, ip, messages, bytes);
    this.perClient.take(clientId, messages);
    this.windows.add(
      [COUNTERS.ipMessages, ip, messages],
      [COUNTERS.ipBytes, ip, bytes],
      [COUNTERS.allMessages, ALL, messages],
      [COUNTERS.allBytes, ALL, bytes],
    );
  }

  /** What `take` would refuse (a RelayRpcError), counting nothing. */
  check(clientId: string, ip: string, messages: number, bytes: number): void {
    const { limits } = this;
    if (!this.perClient.check(clientId, messages).ok) {
      throw new RelayRpcError(RPC_ERRORS.rateLimited, `Too many publishes: at most ${limits.maxPublishesPerSecond} per second per client`);
    }
    const now = this.now();
    const [ipMessages, ipBytes, allMessages, allBytes] = this.windows.read(
      [COUNTERS.ipMessages, ip],
      [COUNTERS.ipBytes, ip],
      [COUNTERS.allMessages, ALL],
      [COUNTERS.allBytes, ALL],
    ) as [WindowCount, WindowCount, WindowCount, WindowCount];
    const refuse = (what: string, resetAt: number): never => {
      const retryS = Math.max(1, Math.ceil((resetAt - now) / 1000));
      throw new RelayRpcError(RPC_ERRORS.rateLimited, `Quota exceeded: ${what}; retry in ${retryS} s`);
    };
    if (ipMessages.count + messages > limits.ipMessagesPerHour)
      refuse(`at most ${limits.ipMessagesPerHour} messages per hour from one IP`, ipMessages.resetAt);
    if (ipBytes.count + bytes > limits.ipBytesPerHour)
      refuse(`at most ${limits.ipBytesPerHour} bytes per hour from one IP`, ipBytes.resetAt);

    const lightMessages = Math.floor(limits.ipMessagesPerHour / LIGHT_SHARE_DIVISOR);
    const lightBytes = Math.floor(limits.ipBytesPerHour / LIGHT_SHARE_DIVISOR);
    const light = ipMessages.count + messages <= lightMessages && ipBytes.count + bytes <= lightBytes;
    if (!light && allMessages.count + messages > limits.globalMessagesPerHour) {
      refuse(
        `the relay has taken its ${limits.globalMessagesPerHour} messages per hour from all clients, and past that at most ${lightMessages} per hour from one IP`,
        Math.min(ipMessages.resetAt, allMessages.resetAt),
      );
    }
    if (!light && allBytes.count + bytes > limits.globalBytesPerHour) {
      refuse(
        `the relay has taken its ${limits.globalBytesPerHour} bytes per hour from all clients, and past that at most ${lightBytes} bytes per hour from one IP`,
        Math.min(ipBytes.resetAt, allBytes.resetAt),
      );
    }
  }

  /** Forgets ended windows. */
  sweep(): void {
    this.perClient.sweep();
    this.windows.sweep();
  }
}
