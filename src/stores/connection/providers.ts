import type { ChainNamespace } from '../../core/caip.js';

/** The connected wallet's provider per namespace (EIP-1193 for eip155); set by the adapters. */
const providers = new Map<ChainNamespace, unknown>();

export function setWalletProvider(namespace: ChainNamespace, provider: unknown): void {
  if (provider === undefined) providers.delete(namespace);
  else providers.set(namespace, provider);
}

export function getWalletProvider(namespace: ChainNamespace): unknown {
  return providers.get(namespace);
}
