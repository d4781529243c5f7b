/**
 * Bitcoin's name as a type, for the public API's overloads per namespace outside this folder (the
 * instance's getWalletProvider, React's useW3Provider).
 */
export type Bip122Namespace = 'bip122';
