import { map } from 'nanostores';
import type { ChainNamespace } from '../../core/caip.js';

/**
 * The connected wallet's provider per namespace (EIP-1193 for eip155); set by the session when a
 * wallet connects, removed when it ends. A store, so `useW3Provider` follows connection changes.
 */
export const $walletProviders = map<Partial<Record<ChainNamespace, unknown>>>({});

export function setWalletProvider(namespace: ChainNamespace, provider: unknown): void {
  if (provider === undefined) {
    if (!(namespace in $walletProviders.get())) return;
    const { [namespace]: _gone, ...rest } = $walletProviders.get();
    $walletProviders.set(rest);
  } else $walletProviders.setKey(namespace, provider);
}

export function getWalletProvider(namespace: ChainNamespace): unknown {
  return $walletProviders.get()[namespace];
}
