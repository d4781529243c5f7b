/**
 * The frame site's Content-Security-Policy: scripts and styles only from its own origin, and
 * `frame-ancestors` limited to the project's allowed origins (patterns that are valid CSP
 * source expressions; anything else is dropped, and with none left no page may frame it).
 */
import { isOriginPattern } from '../../../src/wire/origins.js';

const CSP_SOURCE = /^(\*|https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?)$/;

/** The allowed-origin patterns that can stand in `frame-ancestors` as they are. */
export function frameAncestors(allowedOrigins: readonly string[]): string[] {
  return allowedOrigins.map((o) => o.trim().toLowerCase()).filter((o) => isOriginPattern(o) && CSP_SOURCE.test(o));
}

export function frameSiteCsp(allowedOrigins: readonly string[]): string {
  const ancestors = frameAncestors(allowedOrigins);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self' http: https: ws: wss:",
    `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}
