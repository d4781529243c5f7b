/**
 * How many WebSockets the relay holds open: at most `maxSocketsPerIp` from one address (its
 * quota key: IPv4, or an IPv6 /64), `maxSocketsPerClient` with one client id (a JWT's issuer)
 * and `maxSockets` in all. The total is also kept under the process's open-files limit less a
 * reserve (FD_RESERVE), so a flood of sockets cannot take the descriptors the HTTP API, the
 * database and the frame site need. A socket counts from its upgrade request (while its JWT is
 * checked) until it closes. Past the total an upgrade is refused with HTTP 503; past the
 * address's or the client id's cap the socket is opened and closed at once with
 * SOCKET_CAP_CLOSE and a reason in words, which a browser's WebSocket can read.
 */
import { readFileSync } from 'node:fs';

/** WebSocket close code 1013, 'Try Again Later': the address or client id has too many sockets open. */
export const SOCKET_CAP_CLOSE = 1013;
/** Descriptors left to the rest of the process (at most a quarter of the limit, at least 64). */
export const FD_RESERVE = 1024;

export interface SocketLimits {
  maxSockets: number;
  maxSocketsPerIp: number;
  maxSocketsPerClient: number;
}

/** The soft limit of open files of this process (Linux: /proc/self/limits), undefined where unknown or unlimited. */
export function openFilesLimit(): number | undefined {
  try {
    const match = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** Descriptors kept from the relay out of `fileLimit`: FD_RESERVE, at most a quarter of the limit, at least 64. */
const reserveOf = (fileLimit: number) => Math.max(64, Math.min(FD_RESERVE, Math.floor(fileLimit / 4)));

/** The sockets the relay may hold: `maxSockets`, lowered to leave a reserve of `fileLimit`. */
export function socketBudget(maxSockets: number, fileLimit: number | undefined = openFilesLimit()): number {
  if (fileLimit === undefined) return maxSockets;
  return Math.max(1, Math.min(maxSockets, fileLimit - reserveOf(fileLimit)));
}

/** Why a socket is closed at once: its address or client id is at its cap. */
export type SocketClose = { close: typeof SOCKET_CAP_CLOSE; reason: string };
/** Why a socket is refused: an HTTP status for the upgrade (past the total), or a close code for an opened socket. */
export type SocketRefusal = { status: 503; message: string } | SocketClose;

/** One socket's place in the counts, from its upgrade request until `release`. */
export interface SocketSlot {
  /** Why this socket should be closed at once (its address is at its cap), or undefined. */
  readonly refusal: SocketClose | undefined;
  /** Counts the socket for `clientId` once authenticated; a refusal when that client id is at its cap. */
  bind(clientId: string): SocketClose | undefined;
  /** Uncounts the socket (when it closes); a second call does nothing. */
  release(): void;
}

export class SocketCaps {
  /** The sockets allowed in all (`maxSockets` within the open-files limit). */
  readonly budget: number;
  /**
   * The relay port's connections at most (its HTTP server drops the rest unread): the budget and
   * room for /health and refusals in words, taken from a quarter of the reserve (at most 64).
   */
  readonly connections: number;
  private total = 0;
  private readonly perIp = new Map<string, number>();
  private readonly perClient = new Map<string, number>();

  constructor(
    private readonly limits: SocketLimits,
    fileLimit: number | undefined = openFilesLimit(),
  ) {
    this.budget = socketBudget(limits.maxSockets, fileLimit);
    this.connections = this.budget + Math.min(64, Math.floor((fileLimit === undefined ? 256 : reserveOf(fileLimit)) / 4));
  }

  /** Sockets counted now: in all, from `ip`, with `clientId`. */
  count(ip?: string, clientId?: string): { total: number; ip: number; client: number } {
    return { total: this.total, ip: (ip && this.perIp.get(ip)) || 0, client: (clientId && this.perClient.get(clientId)) || 0 };
  }

  /** An upgrade request from `ip`: a slot to release when its socket closes, or a 503 refusal past the total. */
  open(ip: string): SocketSlot | { status: 503; message: string } {
    if (this.total >= this.budget) {
      return { status: 503, message: `The relay is at its limit of ${this.budget} open sockets; retry later` };
    }
    this.total++;
    const ipFull = (this.perIp.get(ip) ?? 0) >= this.limits.maxSocketsPerIp;
    if (!ipFull) increment(this.perIp, ip);
    let clientId: string | undefined;
    let released = false;
    return {
      refusal: ipFull
        ? { close: SOCKET_CAP_CLOSE, reason: `Too many sockets from this address: at most ${this.limits.maxSocketsPerIp} open at once` }
        : undefined,
      bind: (id) => {
        if (released || clientId !== undefined) return undefined;
        if ((this.perClient.get(id) ?? 0) >= this.limits.maxSocketsPerClient) {
          return {
            close: SOCKET_CAP_CLOSE,
            reason: `Too many sockets with this client id: at most ${this.limits.maxSocketsPerClient} open at once`,
          };
        }
        clientId = id;
        increment(this.perClient, id);
        return undefined;
      },
      release: () => {
        if (released) return;
        released = true;
        this.total--;
        if (!ipFull) decrement(this.perIp, ip);
        if (clientId !== undefined) decrement(this.perClient, clientId);
      },
    };
  }
}

function increment(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function decrement(map: Map<string, number>, key: string): void {
  const n = (map.get(key) ?? 0) - 1;
  if (n > 0) map.set(key, n);
  else map.delete(key);
}
