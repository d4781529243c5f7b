/**
 * Relay authentication: the socket URL's `auth` query is a relay-auth JWT (EdDSA over
 * Ed25519, issuer a `did:key`). Its issuer is the client id.
 */
import { decodeJWT, verifyJWT } from '@walletconnect/relay-auth';

export type AuthResult = { ok: true; clientId: string } | { ok: false; reason: string };

/** Checks signature, issuer and expiry of `jwt`; `now` in milliseconds. */
export async function authenticate(jwt: string | null, now: number = Date.now()): Promise<AuthResult> {
  if (!jwt) return { ok: false, reason: "missing 'auth' query (a relay-auth JWT)" };
  let payload;
  try {
    payload = decodeJWT(jwt).payload;
  } catch {
    return { ok: false, reason: 'malformed JWT' };
  }
  if (typeof payload?.iss !== 'string' || !payload.iss.startsWith('did:key:')) return { ok: false, reason: 'JWT issuer must be a did:key' };
  if (typeof payload.exp !== 'number' || payload.exp * 1000 <= now) return { ok: false, reason: 'JWT expired' };
  let valid = false;
  try {
    valid = await verifyJWT(jwt);
  } catch (err) {
    return { ok: false, reason: `invalid JWT: ${(err as Error).message}` };
  }
  if (!valid) return { ok: false, reason: 'invalid JWT signature' };
  return { ok: true, clientId: payload.iss };
}
