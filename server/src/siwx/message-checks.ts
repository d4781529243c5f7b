/**
 * The checks of a sign-in message before its nonce and signature: the CAIP-122 parse, the
 * namespace and the chain's form, the address and the signature's form (each namespace's own,
 * server/src/chains/<namespace>/siwx.ts; which chains a project takes is ./chains.ts), the
 * domain and URI against the project's allowed origins, and the times (issued at, expiration,
 * not before). Each refusal is an HttpError naming the field.
 */
import { Caip122Error, parseCaip122, type Caip122Fields } from '../../../src/wire/caip122.js';
import { isOriginAllowed } from '../../../src/wire/origins.js';
import { SIWX_CLOCK_SKEW_MS, SIWX_MAX_SESSION_MS } from '../../../src/wire/siwx-api.js';
import { chainOfNamespace, SERVER_CHAINS } from '../chains/index.js';
import type { ServerChain, SiwxMessage } from '../chains/types.js';
import { HttpError } from '../errors.js';

/** host or host:port (a name, an IPv4 address or a bracketed IPv6 one): no scheme, path or user. */
const DOMAIN = /^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/** The namespace whose sign-in takes a CAIP-2 namespace and reference of this form, if any. */
export function siwxChainOf(namespace: string, reference: string, chains?: readonly ServerChain[]): ServerChain | undefined {
  const chain = chainOfNamespace(namespace, chains);
  return chain?.siwx.referenceValid(reference) ? chain : undefined;
}

/** The account types the chains' messages name (`Ethereum` for eip155), for the CAIP-122 parse. */
const accountTypes = (chains: readonly ServerChain[] = SERVER_CHAINS) => new Map(chains.map((c) => [c.namespace, c.siwx.accountType]));

/** Parses the message and checks its namespace (one of `chains`), chain, address and the signature's form. */
export function parseSiwxMessage(message: string, signature: string, chains?: readonly ServerChain[]): SiwxMessage {
  let fields: Caip122Fields;
  try {
    fields = parseCaip122(message, accountTypes(chains));
  } catch (err) {
    if (err instanceof Caip122Error) throw new HttpError(400, `Invalid message: ${err.message}`, err.field);
    throw err;
  }
  const chainId = `${fields.namespace}:${fields.chainReference}`;
  const chain = siwxChainOf(fields.namespace, fields.chainReference, chains);
  if (!chain) throw new HttpError(400, `Chain ${chainId} is not supported`, 'chainId');
  return { fields, namespace: chain.namespace, chainId, ...chain.siwx.account(fields.address, signature) };
}

/** The domain must be the host of an allowed origin, the URI an allowed origin on that host. */
export function checkDomainAndUri(fields: Caip122Fields, allowedOrigins: readonly string[]): void {
  const { domain, uri } = fields;
  if (!DOMAIN.test(domain)) throw new HttpError(400, `Domain ${domain} is not a host (host or host:port)`, 'domain');
  const hostOf = (protocol: string) => {
    try {
      return new URL(`${protocol}//${domain}`).host;
    } catch {
      return undefined;
    }
  };
  const allowed = ['https:', 'http:'].some((p) => hostOf(p) !== undefined && isOriginAllowed(`${p}//${domain}`, allowedOrigins));
  if (!allowed) throw new HttpError(403, `Domain ${domain} is not an allowed origin of this project`, 'domain');
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new HttpError(400, `URI ${uri} is not a URL`, 'uri');
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.host !== hostOf(url.protocol)) {
    throw new HttpError(403, `URI ${uri} does not match the domain`, 'uri');
  }
  if (!isOriginAllowed(url.origin, allowedOrigins)) throw new HttpError(403, `URI ${uri} is not an allowed origin of this project`, 'uri');
}

export interface MessageTimes {
  /** When the session ends (ms) and as text (the message's Expiration Time, or now + SIWX_MAX_SESSION_MS). */
  expiresAt: number;
  expirationTime: string;
}

/** Issued at, expiration and not-before against the clock and the nonce's creation. */
export function checkTimes(fields: Caip122Fields, nonceCreatedAt: number, now: number): MessageTimes {
  const issuedAt = Date.parse(fields.issuedAt);
  if (issuedAt > now + SIWX_CLOCK_SKEW_MS) throw new HttpError(400, 'Issued At is in the future', 'issuedAt');
  if (issuedAt < nonceCreatedAt - SIWX_CLOCK_SKEW_MS) throw new HttpError(400, 'Issued At is before the nonce was issued', 'issuedAt');
  let expiresAt = now + SIWX_MAX_SESSION_MS;
  let expirationTime = new Date(expiresAt).toISOString();
  if (fields.expirationTime !== undefined) {
    expiresAt = Date.parse(fields.expirationTime);
    expirationTime = fields.expirationTime;
    if (expiresAt <= now) throw new HttpError(400, 'Message expired', 'expirationTime');
    if (expiresAt > now + SIWX_MAX_SESSION_MS + SIWX_CLOCK_SKEW_MS) {
      throw new HttpError(400, `Expiration Time is more than ${SIWX_MAX_SESSION_MS / 86_400_000} days ahead`, 'expirationTime');
    }
  }
  if (fields.notBefore !== undefined && Date.parse(fields.notBefore) > now + SIWX_CLOCK_SKEW_MS) {
    throw new HttpError(400, `The message is not valid before ${fields.notBefore}`, 'notBefore');
  }
  return { expiresAt, expirationTime };
}
