/**
 * The Sign in with X codecs of the namespaces w3kit/siwx signs in on (its own bundle: keep this
 * list and the codecs free of the modal's modules). Signature checks load apart
 * (src/chains/siwx-signatures.ts).
 */
import { bip122Siwx } from './bip122/siwx.js';
import { eip155Siwx } from './eip155/siwx.js';
import type { SiwxCodec } from './siwx-codec.js';
import { solanaSiwx } from './solana/siwx.js';

const CODECS: Record<string, SiwxCodec> = { eip155: eip155Siwx, solana: solanaSiwx, bip122: bip122Siwx };

/** The namespaces with a codec, in order. */
export const SIWX_NAMESPACES = Object.keys(CODECS);

/** The namespace's codec; undefined when w3kit/siwx does not sign in on it. */
export const siwxCodec = (namespace: string): SiwxCodec | undefined => (Object.hasOwn(CODECS, namespace) ? CODECS[namespace] : undefined);
