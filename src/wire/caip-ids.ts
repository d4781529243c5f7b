/**
 * The shapes of CAIP ids (CAIP-2 networks, CAIP-10 accounts) and the namespaces w3kit knows,
 * shared by the client and the backend. Parsing and validation live in `core/caip.ts`.
 */
export const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const;
export type ChainNamespace = (typeof NAMESPACES)[number];
/** `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`;
/** `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`;

export function isNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (NAMESPACES as readonly string[]).includes(value);
}
