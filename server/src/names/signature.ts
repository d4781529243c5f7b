/**
 * Whether an address signed a registration's message: the EIP-191 (personal_sign) signer
 * recovered by viem; when it is not the address and the backend has an EVM node (`--evm-rpc`),
 * viem's verifyMessage asks the chain (EIP-1271 `isValidSignature` of a contract account,
 * ERC-6492 for an undeployed one). A node that does not answer is a 503, not a refusal.
 */
import {
  BaseError,
  createPublicClient,
  http,
  HttpRequestError,
  recoverMessageAddress,
  TimeoutError,
  type Hex,
  type PublicClient,
} from 'viem';
import type { Indexer } from '../blockchain/indexer.js';
import { RPC_TIMEOUT_MS } from '../blockchain/rpc.js';
import { HttpError } from '../errors.js';

export type NameSignatureCheck = (message: string, address: string, signature: Hex) => Promise<boolean>;

/** Whether `err` (or one of its causes) is the node not answering. */
function unreachable(err: unknown): boolean {
  const hit = (e: unknown) => e instanceof HttpRequestError || e instanceof TimeoutError;
  return err instanceof BaseError ? Boolean(err.walk(hit)) : hit(err);
}

async function recovered(message: string, signature: Hex): Promise<string | undefined> {
  try {
    return await recoverMessageAddress({ message, signature });
  } catch {
    return undefined;
  }
}

/** The check over the Blockchain API's EVM node (none: EIP-191 only). */
export function nameSignatureCheck(indexer: Indexer | undefined, log: (line: string) => void): NameSignatureCheck {
  let client: PublicClient | undefined;
  return async (message, address, signature) => {
    const signer = await recovered(message, signature);
    if (signer?.toLowerCase() === address.toLowerCase()) return true;
    if (!indexer) return false;
    client ??= createPublicClient({ transport: http(indexer.rpcUrl, { retryCount: 0, timeout: RPC_TIMEOUT_MS }) });
    // viem's verifyMessage answers false when the node is down: ask the node something first.
    try {
      await client.getCode({ address: address as Hex });
    } catch (err) {
      if (unreachable(err)) throw new HttpError(503, 'The signature cannot be checked now: the EVM node does not answer');
      throw err;
    }
    try {
      return await client.verifyMessage({ address: address as Hex, message, signature });
    } catch (err) {
      if (unreachable(err)) throw new HttpError(503, 'The signature cannot be checked now: the EVM node does not answer');
      log(`names: EIP-1271 check of ${address} failed: ${(err as Error).message.split('\n')[0]}`);
      return false;
    }
  };
}
