/**
 * Which reverse proxies may say who the client is (X-Forwarded-For): none (`false`), a number of
 * hops (`1`: the right-most address, the one our proxy appended; an address a client put
 * further left is never taken), or a list of proxy addresses and CIDR ranges (every listed
 * proxy is skipped from the right). `true` means one hop, as `W3KIT_TRUST_PROXY=1` always did
 * ("one proxy in front"). Nothing trusts X-Forwarded-Host or -Proto for URLs: replies build
 * them from the configured public URL.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';

export type TrustProxy = false | number | readonly string[];

export const TRUST_PROXY_RULE =
  'must be 0/false (off), a number of proxy hops (1 = one reverse proxy in front), or a comma list of proxy IP addresses or CIDR ranges';

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 100;

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [ip = '', bits, ...rest] = entry.split('/');
  const version = isIP(ip);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
}

/** Parses a setting (a string from a flag or the environment, or a config file value); undefined when invalid. */
export function parseTrustProxy(value: unknown): TrustProxy | undefined {
  const hops = (n: number) => (Number.isSafeInteger(n) && n >= 0 && n <= MAX_HOPS ? n || false : undefined);
  if (typeof value === 'boolean') return value ? 1 : false;
  if (typeof value === 'number') return hops(value);
  let entries: unknown[];
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^(true|yes|on)$/i.test(text)) return 1;
    if (/^(false|no|off)$/i.test(text)) return false;
    if (/^\d{1,3}$/.test(text)) return hops(Number(text));
    entries = text.split(',');
  } else if (Array.isArray(value)) entries = value;
  else return undefined;
  const list = entries.map((e) => (typeof e === 'string' ? e.trim() : ''));
  return list.length > 0 && list.every(isAddressOrRange) ? list : undefined;
}

/** Fastify's `trustProxy` for a setting: a hop count becomes a function (Fastify trusts nothing for a plain number). */
export function fastifyTrustProxy(trust: TrustProxy | boolean | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined || trust === false || trust === 0) return false;
  const hops = trust === true ? 1 : trust;
  if (typeof hops === 'number') return (_address, hop) => hop < hops;
  return [...hops];
}

/**
 * The client's address for a raw Node request (the relay's WebSocket upgrades), by the same rule
 * Fastify applies to the HTTP API: the socket's address unless trusted proxies stand in front.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy | boolean | undefined): string | undefined {
  const rule = fastifyTrustProxy(trust);
  if (rule === false) return req.socket.remoteAddress;
  return proxyAddr(req, typeof rule === 'function' ? rule : proxyAddr.compile(rule));
}
