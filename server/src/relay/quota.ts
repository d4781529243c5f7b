/**
 * The relay's publish quotas. A client id is any fresh Ed25519 key, so besides the per-second
 * limit per client id, what is published is counted per IP (an IPv6 /64, which one host
 * usually holds whole) and for all IPs together, in messages and in UTF-8 bytes, per hour.
 * A publish is counted all or nothing; past any quota it is refused with `rateLimited`
 * (-32029) saying which quota and when it resets. Past the all-clients quota only the heavy
 * addresses are refused (LIGHT_SHARE_DIVISOR), so a few addresses cannot lock everyone out.
 * The hourly windows are rows in the database (storage/relay-quota.ts: a restart does not reset
 * them), bounded (MAX_QUOTA_KEYS, the oldest dropped first), so many addresses cannot grow them
 * without end. Where they are counted is quota-windows.ts's: by default in the rows (instances on
 * one database share them), for the relay's hub in memory with write-back (one instance), or in
 * Redis (`--redis`, instances share them there).
 */
import { FixedWindowCounter } from '../fixed-window.js';
import type { Storage } from '../storage/engine.js';
import { relayQuotaRepository, type RelayQuotaRepository, type WindowCount } from '../storage/relay-quota.js';
import { localWindows, sharedWindows, type QuotaWindows } from './quota-windows.js';
import { RelayRpcError, RPC_ERRORS, type RelayLimits } from './protocol.js';

export const QUOTA_WINDOW_MS = 3_600_000;
/** Windows kept per counter of client ids or IPs. */
export const MAX_QUOTA_KEYS = 100_000;
const ALL = '*';

/** The windows of one publish: the address's messages and bytes, all addresses' messages and bytes. */
type Windows = [WindowCount, WindowCount, WindowCount, WindowCount];

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
  /** The windows' rows. */
  readonly repository: RelayQuotaRepository;
  private windows: QuotaWindows;

  constructor(
    private readonly limits: RelayLimits,
    storage: Storage,
    private readonly now: () => number = Date.now,
    /** 'shared': each take an upsert of the rows; 'local': counted in memory, written back. */
    where: 'shared' | 'local' = 'shared',
  ) {
    this.perClient = new FixedWindowCounter(limits.maxPublishesPerSecond, 1000, now, MAX_QUOTA_KEYS);
    this.repository = relayQuotaRepository(storage, QUOTA_WINDOW_MS, MAX_QUOTA_KEYS);
    this.windows =
      where === 'local' ? localWindows(this.repository, QUOTA_WINDOW_MS, 2 * MAX_QUOTA_KEYS + 2) : sharedWindows(this.repository);
  }

  /** Counts the windows in what `make` returns from now on (Redis between instances, falling back on today's). */
  countIn(make: (current: QuotaWindows) => QuotaWindows): void {
    this.windows = make(this.windows);
  }

  /** Writes what is counted in memory back. */
  flush(): Promise<void> {
    return this.windows.flush();
  }

  /**
   * Counts `messages` messages of `bytes` bytes from `clientId` at `ip`, all or nothing; a
   * RelayRpcError past any quota. The hourly windows are judged on the counts the addition found
   * (in its transaction), so concurrent publishes, on one instance or several, never pass a quota.
   */
  async take(clientId: string, ip: string, messages: number, bytes: number): Promise<void> {
    this.checkPerClient(clientId, messages);
    const now = this.now();
    await this.windows.take(
      [
        [COUNTERS.ipMessages, ip, messages],
        [COUNTERS.ipBytes, ip, bytes],
        [COUNTERS.allMessages, ALL, messages],
        [COUNTERS.allBytes, ALL, bytes],
      ],
      now,
      (before) => this.judge(before as Windows, messages, bytes, now),
    );
    this.perClient.take(clientId, messages);
  }

  /** What `take` would refuse (a RelayRpcError), counting nothing. */
  async check(clientId: string, ip: string, messages: number, bytes: number): Promise<void> {
    this.checkPerClient(clientId, messages);
    const now = this.now();
    const windows = await this.windows.read(
      [
        [COUNTERS.ipMessages, ip],
        [COUNTERS.ipBytes, ip],
        [COUNTERS.allMessages, ALL],
        [COUNTERS.allBytes, ALL],
      ],
      now,
    );
    this.judge(windows as Windows, messages, bytes, now);
  }

  /** Forgets ended windows. */
  async sweep(): Promise<void> {
    this.perClient.sweep();
    await this.windows.sweep(this.now());
  }

  private checkPerClient(clientId: string, messages: number): void {
    if (!this.perClient.check(clientId, messages).ok) {
      throw new RelayRpcError(
        RPC_ERRORS.rateLimited,
        `Too many publishes: at most ${this.limits.maxPublishesPerSecond} per second per client`,
      );
    }
  }

  /** Throws the refusal of a publish on the hourly windows as they were before it. */
  private judge([ipMessages, ipBytes, allMessages, allBytes]: Windows, messages: number, bytes: number, now: number): void {
    const { limits } = this;
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
}
