/**
 * The browser implementation's checks of a session's text before it keeps it: it must be the
 * session's own data (parsed back with parseCaip122), for this page's domain, and live. The
 * signature is checked by ./signature.ts (loaded when a session is added).
 */
import { siwxCodec } from '../chains/siwx.js';
import type { SIWXSession } from '../core/siwx.js';
import { Caip122Error, parseCaip122, type Caip122Fields } from '../wire/caip122.js';
import { SIWX_CLOCK_SKEW_MS } from '../wire/siwx-api.js';
import { SiwxError } from './errors.js';
import { currentHost } from './message.js';

/**
 * Whether two addresses of `namespace` are the same account, by its codec (eip155 ignores case).
 * Not core's sameAddress: siwx.js may import only w3kit.js's public exports (rollup.config.mjs),
 * or the first chunk splits.
 */
export function sameAccount(namespace: string, a: string, b: string): boolean {
  return siwxCodec(namespace)?.sameAccount(a, b) ?? a === b;
}

/**
 * Checks everything but the signature and returns the parsed text: it parses, matches the
 * session's data (address, chain, domain, URI, nonce), names this page's host, and is live at `now`.
 * Throws SiwxError naming what is wrong.
 */
export function checkSessionMessage(session: SIWXSession, now = Date.now()): Caip122Fields {
  let fields: Caip122Fields;
  try {
    fields = parseCaip122(session.message);
  } catch (err) {
    if (err instanceof Caip122Error) throw new SiwxError(`The message is malformed: ${err.message}`, { cause: err });
    throw err;
  }
  const data = session.data;
  const mismatch = (what: string): SiwxError => new SiwxError(`The message's ${what} is not the session's`);
  if (`${fields.namespace}:${fields.chainReference}` !== data.chainId) throw mismatch('chain');
  if (!sameAccount(fields.namespace, fields.address, data.accountAddress)) throw mismatch('address');
  if (fields.domain !== data.domain) throw mismatch('domain');
  if (fields.uri !== data.uri) throw mismatch('URI');
  if (fields.nonce !== data.nonce) throw mismatch('nonce');
  const host = currentHost();
  if (!host) throw new SiwxError('No page location to check the message domain against');
  if (fields.domain !== host) throw new SiwxError('The message is for another domain');
  let uriHost: string;
  try {
    uriHost = new URL(fields.uri).host;
  } catch {
    throw new SiwxError('The message URI is not a URL');
  }
  if (uriHost !== host) throw new SiwxError('The message URI is for another domain');
  if (Date.parse(fields.issuedAt) > now + SIWX_CLOCK_SKEW_MS) throw new SiwxError('The message is issued in the future');
  if (fields.expirationTime && Date.parse(fields.expirationTime) <= now) throw new SiwxError('The session has expired');
  if (fields.notBefore && Date.parse(fields.notBefore) > now + SIWX_CLOCK_SKEW_MS) throw new SiwxError('The session is not valid yet');
  return fields;
}
