/**
 * Which host names the servers answer for (DNS rebinding: a page on evil.example whose name
 * comes to resolve to 127.0.0.1 reaches a developer's server with `Host: evil.example`, and
 * same-origin rules then let it read the replies). A request is served when its Host header
 * names:
 * - a host of the configured public URLs (`--public-url`, `--relay-public-url`,
 *   `--frame-public-url`) or of `--allowed-hosts` (W3KIT_ALLOWED_HOSTS; `*.example.com` takes
 *   the subdomains, `*` alone turns the check off);
 * - the listen host; with a wildcard listen host (0.0.0.0, ::), any IP address;
 * - loopback: localhost, *.localhost, 127.0.0.0/8, [::1]. A browser never resolves these by DNS,
 *   so no page can rebind to them, and a reverse proxy on the same machine sends them by default.
 * Others get 421 Misdirected Request in words. A request without Host (HTTP/1.0) is served: a
 * browser always sends one.
 */
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a server answers for: its listen host (read when a request comes) and the configured names. */
export interface HostRule {
  listenHost(): string | undefined;
  /** Host names or patterns (`*.example.com`, `*`), lower-case; and public URLs whose hosts count. */
  allowed: readonly string[];
}

export const ALLOWED_HOSTS_RULE = 'must be a comma list of host names or IP addresses (*.example.com for subdomains, * for any)';

const HOST_ENTRY = /^(\*|(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?|\[?[0-9a-f:.]+\]?)$/;

/** Parses `--allowed-hosts` (a comma list, or the config file's array); undefined when invalid. */
export function parseAllowedHosts(value: unknown): string[] | undefined {
  const entries = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : undefined;
  if (!entries || entries.length === 0) return undefined;
  const list = entries.map((e) => (typeof e === 'string' ? e.trim().toLowerCase() : ''));
  if (!list.every((e) => e.length <= 253 && HOST_ENTRY.test(e) && (!/^[[\d:]/.test(e) || isIP(bare(e))))) return undefined;
  return list.map((e) => bare(e).replace(/\.$/, ''));
}

function bare(host: string): string {
  return host.replace(/^\[(.*)\]$/, '$1');
}

/** The host of each URL given (lower-case, IPv6 without brackets); a bad URL adds nothing. */
export function hostsOfUrls(urls: readonly (string | undefined)[]): string[] {
  const hosts: string[] = [];
  for (const url of urls) {
    if (!url) continue;
    try {
      hosts.push(bare(new URL(url).hostname.toLowerCase()));
    } catch {
      // Checked where it was configured.
    }
  }
  return hosts;
}

/** The host name of a Host header (no port, lower-case, no trailing dot, IPv6 without brackets); undefined when malformed. */
export function hostName(header: string): string | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(:\d{1,5})?$/.exec(header.trim());
  if (!match) return undefined;
  return bare(match[1]!.toLowerCase()).replace(/\.$/, '');
}

/** localhost, *.localhost, 127.0.0.0/8, ::1 (and ::ffff:127.x). */
export function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isLoopbackAddress(name);
}

/** A loopback IP address (also IPv4-mapped). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.replace(/^::ffff:/i, '');
  return (isIP(ip) === 4 && ip.startsWith('127.')) || ip === '::1' || ip === '0:0:0:0:0:0:0:1';
}

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** Whether a request with this Host header is served (see the file comment). */
export function hostAllowed(header: string | undefined, rule: HostRule): boolean {
  if (header === undefined) return true;
  if (rule.allowed.includes('*')) return true;
  const name = hostName(header);
  if (name === undefined) return false;
  if (isLoopbackName(name)) return true;
  const listen = (rule.listenHost() ?? '').toLowerCase();
  if (name === bare(listen) || (WILDCARDS.has(listen) && isIP(name))) return true;
  return rule.allowed.some((entry) => entry === name || (entry.startsWith('*.') && name.endsWith(entry.slice(1))));
}

/** The refusal of a request for another host (421), in words. */
export const HOST_REFUSAL =
  'Misdirected request: this server does not answer for the host this request names (Host header). Its operator lists the names it serves with --allowed-hosts (W3KIT_ALLOWED_HOSTS) or --public-url';

/** A Fastify onRequest hook refusing (421) requests for hosts `rule` does not allow. */
export function hostGuard(rule: HostRule): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  return async (request, reply) => {
    if (hostAllowed(request.headers.host, rule)) return undefined;
    return reply.code(421).header('cache-control', 'no-store').send({ message: HOST_REFUSAL });
  };
}

/** The host a Fastify app listens on (undefined before it listens: inject). */
export function listenAddress(app: FastifyInstance): () => string | undefined {
  return () => {
    const address = app.server.address();
    return typeof address === 'object' && address ? address.address : undefined;
  };
}
