/**
 * The shapes of CAIP ids (CAIP-2 networks, CAIP-10 accounts), shared by the client and the
 * backend. A namespace is any CAIP-2 namespace (`[-a-z0-9]{3,8}`): which ones are served, and
 * each one's own rules (references, addresses), are the registries' (src/chains/registry.ts,
 * server/src/chains). Parsing and validation live in `core/caip.ts`.
 */
/** The namespaces w3kit knows by name (typing and completion only: others pass `isNamespace` too). */
export const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const;
export type ChainNamespace = (typeof NAMESPACES)[number] | (string & {});
/** `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`;
/** A CAIP-2 id to show in error details. */
export const CAIP_NETWORK_ID_EXAMPLE = 'eip155:1';
/** `namespace:reference:address`. */
export type CaipAddress = `${string}:${string}:${string}`;

/** CAIP-2's namespace: 3 to 8 lower-case letters, digits or hyphens (no object key such as `__proto__` fits). */
export const NAMESPACE_PATTERN = /^[-a-z0-9]{3,8}$/;

export function isNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && NAMESPACE_PATTERN.test(value);
}

/**
 * Whether the namespace's CAIP-2 references are EIP-155 chain ids (integers; the network's `id` is
 * the number). CAIP-2 fixes a reference's form per namespace; this is the one core checks itself
 * (core/caip.ts `assertChainId`: 'Invalid chainId'), where every id and configured network is
 * parsed, below the registry. Other namespaces' references are their registry entries' concern.
 */
export const referencesAreChainIds = (namespace: string): boolean => namespace === 'eip155';
