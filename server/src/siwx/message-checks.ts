/**
 * The checks of a sign-in message before its nonce and signature: the CAIP-122 parse, the
 * namespace and the chain's form (eip155: 1 to EIP155_MAX_CHAIN_ID; solana: 32 base58
 * characters; which chains a project takes is ./chains.ts), the address and
 * the signature's form (eip155: hex, and a 65-byte one low-s as EIP-2 asks), the domain and URI against the
 * project's allowed origins, and the times (issued at, expiration, not before). Each refusal
 * is an HttpError naming the field.
 */
import { getAddress, isAddress } from 'viem';
import { Caip122Error, parseCaip122, type Caip122Fields } from '../../../src/wire/caip122.js';
import { base58Decode } from '../../../src/wire/base58.js';
import { isOriginAllowed } from '../../../src/wire/origins.js';
import { SIWX_CLOCK_SKEW_MS, SIWX_MAX_SESSION_MS } from '../../../src/wire/siwx-api.js';
import { isHighS } from '../blockchain/ecdsa-low-s.js';
import { HttpError } from '../errors.js';

export type SiwxNamespace = 'eip155' | 'solana';

/** A parsed message whose namespace, chain, address and signature have the right form. */
export interface SiwxMessage {
  fields: Caip122Fields;
  namespace: SiwxNamespace;
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string;
  /** eip155: checksummed; solana: as given (base58). */
  address: string;
  /** eip155: the 0x hex signature; solana: its 64 bytes. */
  signature: `0x${string}` | Uint8Array;
  /** solana: the 32-byte public key. */
  publicKey?: Uint8Array;
}

/**
 * The largest eip155 chain id taken: the bound wallets enforce (MetaMask's MAX_SAFE_CHAIN_ID,
 * 0xFFFFFFFFFFFEC, about 2^52, so that an EIP-155 `v` of chainId * 2 + 36 stays a safe
 * integer); no wallet signs on a larger one. Which chains below it a project takes is
 * ./chains.ts (the largest in ethereum-lists/chains is about 8.7e14).
 */
export const EIP155_MAX_CHAIN_ID = 4_503_599_627_370_476;
const EIP155_REFERENCE = /^[1-9]\d{0,15}$/;
/** A Solana CAIP-2 reference: the genesis hash's first 32 base58 characters. */
const SOLANA_REFERENCE = /^[1-9A-HJ-NP-Za-km-z]{32}$/;
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HEX_SIGNATURE = /^0x([0-9a-fA-F]{2})+$/;
/** host or host:port (a name, an IPv4 address or a bracketed IPv6 one): no scheme, path or user. */
const DOMAIN = /^([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?$/;

/** Whether a CAIP-2 namespace and reference have a form sign-in can take (eip155 or solana). */
export function chainFormSupported(namespace: string, reference: string): boolean {
  if (namespace === 'solana') return SOLANA_REFERENCE.test(reference);
  return namespace === 'eip155' && EIP155_REFERENCE.test(reference) && Number(reference) <= EIP155_MAX_CHAIN_ID;
}

function eip155Address(address: string): string {
  if (!HEX_ADDRESS.test(address)) throw new HttpError(400, `Invalid eip155 address ${address}: must be 0x and 40 hex digits`, 'address');
  if (!isAddress(address, { strict: true })) {
    throw new HttpError(400, `Invalid eip155 address ${address}: wrong EIP-55 checksum (use its mixed case or all lower case)`, 'address');
  }
  return getAddress(address);
}

/** Parses the message and checks its namespace, chain, address and the signature's form. */
export function parseSiwxMessage(message: string, signature: string): SiwxMessage {
  let fields: Caip122Fields;
  try {
    fields = parseCaip122(message);
  } catch (err) {
    if (err instanceof Caip122Error) throw new HttpError(400, `Invalid message: ${err.message}`, err.field);
    throw err;
  }
  const chainId = `${fields.namespace}:${fields.chainReference}`;
  if (!chainFormSupported(fields.namespace, fields.chainReference))
    throw new HttpError(400, `Chain ${chainId} is not supported`, 'chainId');
  if (fields.namespace === 'eip155') {
    const address = eip155Address(fields.address);
    if (!HEX_SIGNATURE.test(signature)) throw new HttpError(400, 'Invalid signature: must be 0x and hex digits', 'signature');
    if (isHighS(signature as `0x${string}`)) {
      throw new HttpError(400, 'Invalid signature: its s is above half the curve order (EIP-2 takes only low-s signatures)', 'signature');
    }
    return { fields, namespace: 'eip155', chainId, address, signature: signature as `0x${string}` };
  }
  const publicKey = base58Decode(fields.address);
  if (publicKey?.length !== 32) throw new HttpError(400, `Invalid solana address ${fields.address}: must be 32 bytes in base58`, 'address');
  const bytes = base58Decode(signature);
  if (bytes?.length !== 64) throw new HttpError(400, 'Invalid signature: must be 64 bytes in base58', 'signature');
  return { fields, namespace: 'solana', chainId, address: fields.address, signature: bytes, publicKey };
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
