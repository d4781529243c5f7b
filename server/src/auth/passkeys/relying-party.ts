/**
 * The WebAuthn relying party of the frame origin: its id is the frame site's host name and the
 * expected origin is the frame origin itself. Browsers refuse WebAuthn on IP-address origins, so
 * a frame site addressed by IP gets a clear 400 that says which address to use instead.
 */
import { isIP } from 'node:net';
import { isOriginAllowed } from '../../../../src/wire/origins.js';
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

/**
 * The page around the frame when the ceremony ran cross-origin (clientDataJSON's `topOrigin`),
 * checked against the project's allowed origins: a passkey used under another site's page is
 * refused. Undefined when the ceremony ran top-level on the frame origin.
 */
export async function allowedTopOrigin(
  ctx: Pick<AuthContext, 'projects'>,
  response: Record<string, unknown>,
  projectId: string,
): Promise<string | undefined> {
  const encoded = (response.response as { clientDataJSON?: unknown } | undefined)?.clientDataJSON;
  let clientData: { topOrigin?: unknown; crossOrigin?: unknown } = {};
  try {
    clientData = typeof encoded === 'string' ? (JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as typeof clientData) : {};
  } catch {
    throw new HttpError(400, "Invalid body field 'response': its clientDataJSON is not JSON", 'response');
  }
  if (clientData.crossOrigin !== true && clientData.topOrigin === undefined) return undefined;
  const topOrigin = typeof clientData.topOrigin === 'string' ? clientData.topOrigin : '';
  const project = await ctx.projects.get(projectId);
  if (!project) throw new HttpError(404, `Unknown project '${projectId}'`, 'projectId');
  if (!topOrigin || !isOriginAllowed(topOrigin, project.allowedOrigins)) {
    throw new HttpError(403, `The passkey was used from a page this project does not allow: ${topOrigin || 'unknown'}`, 'response');
  }
  return topOrigin;
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

/**
 * Runs a WebAuthn verification (`@simplewebauthn/server`): a throw or an unverified result is a
 * 400 naming `response`, 'The passkey <ceremony> was refused: <why>'.
 */
export async function verifyCeremony<R extends { verified: boolean }>(
  ceremony: 'login' | 'registration',
  verify: () => Promise<R>,
  unverified: string,
): Promise<Exclude<R, { verified: false }>> {
  let result: R;
  try {
    result = await verify();
  } catch (err) {
    throw new HttpError(400, `The passkey ${ceremony} was refused: ${(err as Error).message}`, 'response');
  }
  if (!result.verified) throw new HttpError(400, `The passkey ${ceremony} was refused: ${unverified}`, 'response');
  return result as Exclude<R, { verified: false }>;
}
