/** Loads the registry module (Provider API client and zod schemas) lazily; it imports none of the stores that load it. */
export const loadWalletRegistry = () => import('./wallet-registry.js');
