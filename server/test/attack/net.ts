/**
 * The attack suite's network side: loopback only (a URL naming another host is refused), many
 * source addresses in 127.0.0.0/8 (Linux routes the whole block to lo, so the server sees each
 * as its own client IP), and JSON over HTTP from a chosen source address with a time limit.
 */
import http from 'node:http';
import { isIP } from 'node:net';

/** Whether `host` (a URL's hostname, IPv6 in brackets or not) is a loopback address or `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
  return mapped !== null && mapped[1]!.startsWith('127.');
}

/** Throws when `url` is not an http(s)/ws(s) URL on a loopback host: the suite attacks only this machine. */
export function requireLoopback(url: string, what: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${what} '${url}' is not a URL`);
  }
  if (!isLoopbackHost(parsed.hostname)) {
    throw new Error(`${what} '${url}' is not on loopback: the attack suite only attacks 127.0.0.0/8, ::1 or localhost`);
  }
  return parsed;
}

/**
 * Source addresses 127.A.R.n: A is the attack's number, R a random byte per run (so a second run
 * against a running server meets no quota windows of the first), n from 1. Victims are taken
 * from the top of the same block, so they never share an attacker's address.
 */
export class AddressPool {
  private readonly run: number;
  private next = 1;
  private nextVictim = 254;

  constructor(
    private readonly attack: number,
    run = 1 + Math.floor(Math.random() * 254),
  ) {
    this.run = run;
  }

  /** `n` fresh attacker addresses. */
  attackers(n: number): string[] {
    if (this.next + n > this.nextVictim) throw new Error(`address pool of attack ${this.attack} exhausted`);
    return Array.from({ length: n }, () => `127.${this.attack}.${this.run}.${this.next++}`);
  }

  /** A fresh address no attacker used. */
  victim(): string {
    if (this.nextVictim <= this.next) throw new Error(`address pool of attack ${this.attack} exhausted`);
    return `127.${this.attack}.${this.run}.${this.nextVictim--}`;
  }
}

export interface HttpReply {
  /** 0 when no reply came (refused, reset, timed out). */
  status: number;
  // Replies are read field by field by the attacks.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** Why no reply came, when status is 0. */
  error?: string;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** Ends the kept-alive sockets of `request`. */
export function closeHttp(): void {
  agent.destroy();
}

/**
 * One HTTP request from `from` (a local address), JSON in and out; never throws: a reply that
 * did not come within `timeoutMs` is status 0 with the reason.
 */
export function request(
  url: string,
  {
    method = 'GET',
    from,
    headers = {},
    body,
    timeoutMs = 10_000,
    form = false,
  }: { method?: string; from?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number; form?: boolean } = {},
): Promise<HttpReply> {
  const started = Date.now();
  const payload =
    body === undefined ? undefined : form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body);
  return new Promise((resolve) => {
    const done = (reply: Omit<HttpReply, 'ms'>) => resolve({ ...reply, ms: Date.now() - started });
    const req = http.request(
      url,
      {
        method,
        agent,
        ...(from ? { localAddress: from } : {}),
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : {
                'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
        },
        timeout: timeoutMs,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // an HTML page (the approval form) stays text
          }
          done({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', (err) => done({ status: 0, body: undefined, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no reply within ${timeoutMs} ms`)));
    req.on('error', (err) => done({ status: 0, body: undefined, error: err.message }));
    req.end(payload);
  });
}

/** Runs `tasks` with at most `limit` at a time; resolves to their results in order. */
export async function pool<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts of each key, e.g. refusal codes. */
export function tally(keys: Iterable<string | number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of keys) out[String(k)] = (out[String(k)] ?? 0) + 1;
  return out;
}
