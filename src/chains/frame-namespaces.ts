/**
 * The namespaces the embedded wallet's frame holds keys for, the default first (its network is
 * the frame's first chain). Each has a frame-side signer (src/chains/frame-signers.ts) and a
 * page-side embedded provider (src/chains/embedded.ts). Tiny: the frame message schema
 * (src/frame/messages.ts) reads it on both sides of the bridge.
 */
export const EMBEDDED_NAMESPACES = ['eip155', 'solana'] as const;
export type EmbeddedNamespace = (typeof EMBEDDED_NAMESPACES)[number];

export const isEmbeddedNamespace = (namespace: string): namespace is EmbeddedNamespace =>
  (EMBEDDED_NAMESPACES as readonly string[]).includes(namespace);
