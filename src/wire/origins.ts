/**
 * Allowed-origin patterns of a project, shared by the backend (CORS) and the client (the
 * allowed-origins check of spec section 8). A pattern is one of:
 * - an exact origin: `https://app.example.com` (default ports may be left out);
 * - any port: `http://localhost:*`;
 * - any subdomain: `https://*.example.com` (one or more labels, not the bare domain);
 * - `*`: every origin.
 */
const PATTERN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\*|\d{1,5}))?$/;

interface ParsedPattern {
  protocol: string;
  wildcardSubdomain: boolean;
  host: string;
  port: string; // '' default, '*' any
}

function parsePattern(pattern: string): ParsedPattern | undefined {
  const match = PATTERN.exec(pattern.trim().toLowerCase());
  if (!match) return undefined;
  const [, protocol, sub, host, port] = match;
  if (port !== undefined && port !== '*' && Number(port) > 65535) return undefined;
  const defaultPort = protocol === 'https' ? '443' : '80';
  return {
    protocol: `${protocol}:`,
    wildcardSubdomain: Boolean(sub),
    host: host!,
    port: port === undefined || port === defaultPort ? '' : port,
  };
}

/** True when `pattern` is a valid allowed-origin pattern (see above). */
export function isOriginPattern(pattern: string): boolean {
  return pattern === '*' || parsePattern(pattern) !== undefined;
}

/** True when `origin` (e.g. `location.origin`) is matched by one of `patterns`. */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin === 'null') return false;
  return patterns.some((raw) => {
    if (raw.trim() === '*') return true;
    const pattern = parsePattern(raw);
    if (!pattern || pattern.protocol !== url.protocol) return false;
    if (pattern.port !== '*' && pattern.port !== url.port) return false;
    const host = url.hostname.toLowerCase();
    return pattern.wildcardSubdomain ? host.endsWith(`.${pattern.host}`) : host === pattern.host;
  });
}
