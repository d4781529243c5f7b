/**
 * What the node said about tokens the index does not know (name and symbol, or the fallbacks
 * when the address holds no token contract), so price requests for such addresses read the
 * chain once per `ttlMs` (10 minutes), not on every request. Bounded: at most `maxEntries`
 * (10,000) entries, the oldest dropped first.
 */
export interface TokenInfo {
  name: string;
  symbol: string;
}

export interface TokenInfoCacheOptions {
  maxEntries?: number;
  ttlMs?: number;
  now?: () => number;
}

export const TOKEN_INFO_CACHE_DEFAULTS = { maxEntries: 10_000, ttlMs: 600_000 } as const;

export class TokenInfoCache {
  private readonly entries = new Map<string, { info: TokenInfo; expiresAt: number }>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor({
    maxEntries = TOKEN_INFO_CACHE_DEFAULTS.maxEntries,
    ttlMs = TOKEN_INFO_CACHE_DEFAULTS.ttlMs,
    now = Date.now,
  }: TokenInfoCacheOptions = {}) {
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(chainId: string, address: string): TokenInfo | undefined {
    const key = `${chainId}:${address}`;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.info;
    this.entries.delete(key);
    return undefined;
  }

  set(chainId: string, address: string, info: TokenInfo): void {
    const key = `${chainId}:${address}`;
    this.entries.delete(key);
    this.entries.set(key, { info, expiresAt: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
