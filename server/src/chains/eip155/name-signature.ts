/**
 * Whether an address signed a registration's message: the EIP-191 (personal_sign) signer
 * recovered by viem; when it is not the address and the backend has an EVM node (`--evm-rpc`),
 * viem's verifyMessage asks the chain (EIP-1271 `isValidSignature` of a contract account,
 * ERC-6492 for an undeployed one). A node that does not answer is a 503, not a refusal.
 */
import { createPublicClient, http, type Hex, type PublicClient } from 'viem';
import { evmSignatureValid } from './evm-signature.js';
import type { Indexer } from '../../blockchain/indexer.js';
import { RPC_TIMEOUT_MS } from '../../blockchain/rpc.js';

export type NameSignatureCheck = (message: string, address: string, signature: Hex) => Promise<boolean>;

/** The check over the Blockchain API's EVM node (none: EIP-191 only). */
export function nameSignatureCheck(indexer: Indexer | undefined, log: (line: string) => void): NameSignatureCheck {
  let client: PublicClient | undefined;
  return async (message, address, signature) => {
    if (indexer) client ??= createPublicClient({ transport: http(indexer.rpcUrl, { retryCount: 0, timeout: RPC_TIMEOUT_MS }) });
    return evmSignatureValid({ message, address, signature, client, log, who: 'names', node: 'the EVM node' });
  };
}
