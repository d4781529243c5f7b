/**
 * The signature check of the browser implementation, a chunk of its own (the curves and viem's
 * RPC client), loaded when a session is added: each namespace's check
 * (src/chains/<namespace>/siwx-signature.ts).
 */
import type { SIWXSession } from '../core/siwx.js';
import { siwxSignatureCheck } from '../chains/siwx-signatures.js';
import type { SiwxSignatureOptions } from '../chains/siwx-codec.js';
import type { Caip122Fields } from '../wire/caip122.js';
import { SiwxError } from './errors.js';

export type SignatureCheckOptions = SiwxSignatureOptions;

/** Throws SiwxError('Invalid signature') unless the account signed the session's message. */
export async function checkSessionSignature(
  session: SIWXSession,
  fields: Caip122Fields,
  options: SignatureCheckOptions = {},
): Promise<void> {
  const { message, signature } = session;
  if (typeof signature !== 'string' || signature.length === 0 || signature.length > 4096) throw new SiwxError('Invalid signature');
  const check = siwxSignatureCheck(fields.namespace);
  if (!check) throw new SiwxError('Invalid signature');
  await check(fields, message, signature, options);
}
