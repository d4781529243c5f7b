/**
 * The WebAuthn relying party of the frame origin: its id is the frame site's host name and the
 * expected origin is the frame origin itself. Browsers refuse WebAuthn on IP-address origins, so
 * a frame site addressed by IP gets a clear 400 that says which address to use instead.
 */
import { isIP } from 'node:net';
import { HttpError } from '../../errors.js';
import type { AuthContext } from '../context.js';

export const RP_NAME = 'w3kit';

export interface RelyingParty {
  /** The relying party id: the frame origin's host name. */
  id: string;
  /** The frame origin, as clientDataJSON must carry it. */
  origin: string;
}

export function ipOriginMessage(port: string): string {
  return `Passkeys need the frame site on a host name, not an IP address (WebAuthn refuses IP origins): use http://localhost:${port}`;
}

/** The relying party of this server's frame origin; 400 when the frame origin is an IP address. */
export function relyingParty(ctx: Pick<AuthContext, 'frameOrigin'>): RelyingParty {
  const url = new URL(ctx.frameOrigin());
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) {
    throw new HttpError(400, ipOriginMessage(url.port || (url.protocol === 'https:' ? '443' : '80')));
  }
  return { id: url.hostname, origin: url.origin };
}
