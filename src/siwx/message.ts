/**
 * Builds the CAIP-122 message the modal has the wallet sign, by the namespace's codec
 * (src/chains/<namespace>/siwx.ts: EIP-4361 on eip155, the same layout elsewhere). The page's
 * `location` is read when a message is built, never at import.
 */
import { siwxCodec, SIWX_NAMESPACES } from '../chains/siwx.js';
import type { SIWXMessage, SIWXMessageData, SIWXMessageInput } from '../core/siwx.js';
import { SiwxError } from './errors.js';

/** A message's lifetime when the caller names none: one day. */
export const DEFAULT_EXPIRES_IN_MS = 24 * 60 * 60_000;

export interface BuildMessageOptions {
  nonce: string;
  statement?: string | undefined;
  /** From issued-at to expiration; default 24 h. */
  expiresInMs?: number | undefined;
  /** Default `location.host`. */
  domain?: string | undefined;
  /** Default `location.origin`. */
  uri?: string | undefined;
  /** Default the current time. */
  now?: Date | undefined;
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 random letters and digits (crypto.getRandomValues; bytes past 247 are drawn again so each character is equally likely). */
export function randomNonce(length = 16): string {
  let out = '';
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) if (b < 248 && out.length < length) out += NONCE_ALPHABET[b % 62];
  }
  return out;
}

/** The namespace and the reference of a CAIP-2 id; throws naming a chain id that is not `namespace:reference`. */
export function splitChainId(chainId: string): { namespace: string; reference: string } {
  const at = typeof chainId === 'string' ? chainId.indexOf(':') : -1;
  if (at <= 0 || at === chainId.length - 1)
    throw new SiwxError(`The chain id "${String(chainId)}" is not a CAIP-2 id (namespace:reference)`);
  return { namespace: chainId.slice(0, at), reference: chainId.slice(at + 1) };
}

function pageLocation(): { host: string; origin: string } {
  const loc = (globalThis as { location?: { host?: string; origin?: string } }).location;
  if (!loc?.host || !loc.origin) throw new SiwxError('No page location: pass `domain` and `uri` to build a sign-in message');
  return { host: loc.host, origin: loc.origin };
}

/** The page's host (`location.host`) now; undefined outside a page. */
export function currentHost(): string | undefined {
  return (globalThis as { location?: { host?: string } }).location?.host || undefined;
}

/**
 * The message for `input`: every SIWXMessageData field, and `toString()` the exact text to sign.
 * A namespace without a codec, or a field that cannot go into a message, throws naming it.
 */
export function buildSiwxMessage(input: SIWXMessageInput, options: BuildMessageOptions): SIWXMessage {
  const { namespace, reference } = splitChainId(input.chainId);
  const codec = siwxCodec(namespace);
  if (!codec) {
    const names = `${SIWX_NAMESPACES.slice(0, -1).join(', ')} and ${SIWX_NAMESPACES.at(-1)}`;
    throw new SiwxError(`Sign in with X supports the ${names} namespaces, not "${namespace}"`);
  }
  const needsPage = options.domain === undefined || options.uri === undefined;
  const page = needsPage ? pageLocation() : undefined;
  const domain = options.domain ?? page!.host;
  const uri = options.uri ?? page!.origin;
  const now = options.now ?? new Date();
  const expiresInMs = options.expiresInMs ?? DEFAULT_EXPIRES_IN_MS;
  if (!Number.isFinite(expiresInMs) || expiresInMs <= 0)
    throw new SiwxError(`expiresInMs must be a positive number of milliseconds, not ${expiresInMs}`);
  const expires = new Date(now.getTime() + expiresInMs);
  const data: SIWXMessageData = {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain,
    uri,
    version: '1',
    nonce: options.nonce,
    issuedAt: now.toISOString(),
    expirationTime: expires.toISOString(),
  };
  if (options.statement) data.statement = options.statement;
  let text: string;
  try {
    const written = codec.format({
      domain,
      address: input.accountAddress,
      uri,
      version: '1',
      chainReference: reference,
      nonce: options.nonce,
      issuedAt: now,
      expirationTime: expires,
      ...(options.statement ? { statement: options.statement } : {}),
    });
    text = written.text;
    data.accountAddress = written.address;
  } catch (err) {
    if (err instanceof SiwxError) throw err;
    const reason = (err as { shortMessage?: string; message?: string }).shortMessage ?? (err as Error).message;
    throw new SiwxError(`Cannot build the sign-in message: ${reason}`, { cause: err });
  }
  return { ...data, toString: () => text };
}
