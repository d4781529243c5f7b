/** The Sign in with X signature checks per namespace (w3kit/siwx's lazy chunk: the curves, viem's RPC client). */
import { checkBip122Signature } from './bip122/siwx-signature.js';
import { checkEip155Signature } from './eip155/siwx-signature.js';
import type { SiwxSignatureCheck } from './siwx-codec.js';
import { checkSolanaSignature } from './solana/siwx-signature.js';

const CHECKS: Record<string, SiwxSignatureCheck> = {
  eip155: checkEip155Signature,
  solana: checkSolanaSignature,
  bip122: checkBip122Signature,
};

/** The namespace's signature check; undefined when w3kit/siwx has none. */
export const siwxSignatureCheck = (namespace: string): SiwxSignatureCheck | undefined =>
  Object.hasOwn(CHECKS, namespace) ? CHECKS[namespace] : undefined;
