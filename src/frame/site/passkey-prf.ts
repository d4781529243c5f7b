/**
 * The passkey steps the handlers share: a WebAuthn call with the PRF extension asked (the one
 * public salt), its result split into what may be posted and the PRF output that stays here,
 * the browser's refusals turned into clear errors, and unwrapping the recovery share with the
 * passkey the user picks among those that wrap it.
 */
import { W3Error } from '../../core/errors/base.js';
import { base64UrlEncode, wipe } from '../keys/bytes.js';
import { prfSalt, unwrapShare } from '../keys/wrap.js';
import type { FrameContext } from './context.js';
import { FRAME_REPLY_TEXT } from './texts.js';
import { takePrfOutput, withPrfEval, type Json } from './webauthn-json.js';

/** How long the browser's passkey prompt may stay open. */
export const PASSKEY_PROMPT_MS = 60_000;

/** The user or the browser refused (NotAllowedError): `text`; anything else as it is. */
export function passkeyFailure(error: unknown, text: string): unknown {
  const name = (error as { name?: unknown } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError') return new W3Error(text, { cause: error });
  if (name === 'SecurityError') return new W3Error(`${text}: ${(error as Error).message}`, { cause: error });
  return error;
}

export interface PrfCredential {
  /** The credential's JSON with the PRF results taken out: the only form that is posted. */
  response: Json;
  credentialId: string;
  prfOutput?: Uint8Array;
  prfEnabled: boolean;
}

function split(credential: Json): PrfCredential {
  const { response, prfOutput, prfEnabled } = takePrfOutput(credential);
  const credentialId = typeof credential.id === 'string' ? credential.id : '';
  return { response, credentialId, prfEnabled, ...(prfOutput ? { prfOutput } : {}) };
}

/** navigator.credentials.create with the PRF eval. */
export async function createWithPrf(ctx: FrameContext, options: Json): Promise<PrfCredential> {
  const json = await ctx.passkeys.create(withPrfEval(options, await prfSalt())).catch((error: unknown) => {
    throw passkeyFailure(error, FRAME_REPLY_TEXT.passkeyNotCreated);
  });
  return split(json);
}

/** navigator.credentials.get with the PRF eval. */
export async function getWithPrf(ctx: FrameContext, options: Json): Promise<PrfCredential> {
  const json = await ctx.passkeys.get(withPrfEval(options, await prfSalt())).catch((error: unknown) => {
    throw passkeyFailure(error, FRAME_REPLY_TEXT.passkeyNotUsed);
  });
  return split(json);
}

/** Options for a local `get` (no server challenge: only the PRF output is wanted) among these credentials. */
export function localRequestOptions(credentialIds: string[]): Json {
  return {
    challenge: base64UrlEncode(crypto.getRandomValues(new Uint8Array(32))),
    allowCredentials: credentialIds.map((id) => ({ type: 'public-key', id })),
    userVerification: 'preferred',
    timeout: PASSKEY_PROMPT_MS,
  };
}

/** The recovery share, unwrapped by the PRF output of the passkey the user picks among `wrapped`'s. */
export async function unwrapWithPasskey(ctx: FrameContext, wrapped: { credentialId: string; share: string }[]): Promise<Uint8Array> {
  if (!wrapped.length) throw new W3Error(FRAME_REPLY_TEXT.noDeviceShare);
  const used = await getWithPrf(ctx, localRequestOptions(wrapped.map((entry) => entry.credentialId)));
  const entry = wrapped.find((candidate) => candidate.credentialId === used.credentialId);
  if (!entry || !used.prfOutput) throw new W3Error(FRAME_REPLY_TEXT.passkeyNoPrf);
  try {
    return await unwrapShare(used.prfOutput, entry.share);
  } finally {
    wipe(used.prfOutput);
  }
}
