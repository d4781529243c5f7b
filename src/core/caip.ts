import { MAX_CHAIN_ID } from './constants.js';
import { InvalidCaipIdError, InvalidChainIdError } from './errors.js';

import {
  CAIP_NETWORK_ID_EXAMPLE,
  isNamespace,
  referencesAreChainIds,
  type CaipAddress,
  type CaipNetworkId,
  type ChainNamespace,
} from '../wire/caip-ids.js';

// The id shapes are part of the wire contract (src/wire); the client reaches them here.
export { NAMESPACES, isNamespace, referencesAreChainIds } from '../wire/caip-ids.js';
export type { CaipAddress, CaipNetworkId, ChainNamespace } from '../wire/caip-ids.js';

/** Checks an EIP-155 chain id: a positive safe integer below 2^31, else 'Invalid chainId'. */
export function assertChainId(chainId: unknown): number {
  const n = typeof chainId === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(chainId) ? Number(chainId) : chainId;
  if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0 || n >= MAX_CHAIN_ID) {
    throw new InvalidChainIdError(chainId);
  }
  return n;
}

export function parseCaipNetworkId(id: string): { namespace: ChainNamespace; reference: string } {
  const parts = id.split(':');
  const [namespace, reference] = parts;
  if (parts.length !== 2 || !isNamespace(namespace) || !reference) {
    throw new InvalidCaipIdError(`Invalid CAIP network id "${id}"`, {
      details: `Expected namespace:reference, e.g. ${CAIP_NETWORK_ID_EXAMPLE}`,
    });
  }
  if (referencesAreChainIds(namespace)) assertChainId(reference);
  return { namespace, reference };
}

export function parseCaipAddress(value: string): {
  namespace: ChainNamespace;
  reference: string;
  address: string;
} {
  const parts = value.split(':');
  const [namespace, reference, address] = parts;
  if (parts.length !== 3 || !isNamespace(namespace) || !reference || !address) {
    throw new InvalidCaipIdError(`Invalid CAIP address "${value}"`, { details: 'Expected namespace:reference:address' });
  }
  return { namespace, reference, address };
}

export function toCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  return `${caipNetworkId}:${address}`;
}
