/**
 * eip155's name, for code outside this folder that must say it without a literal: the type the
 * public API's overloads per namespace take (the instance's getWalletProvider, signMessage and
 * sendTransaction, React's useW3Provider), and the namespace of its own methods (signTypedData,
 * getCapabilities).
 */
export const EIP155 = 'eip155';
export type Eip155Namespace = typeof EIP155;
