/**
 * Whether an EVM address signed a message (EIP-191 personal_sign): recovered from the signature
 * for an externally owned account; otherwise asked of the chain through viem's verifyMessage
 * (EIP-1271 `isValidSignature` for a contract account, ERC-6492 for an undeployed one). A node
 * that does not answer is a 503, never a refusal: verifyMessage itself answers false when the
 * node is down, so the node is asked for the account's code first. A high-s signature (EIP-2) is
 * refused for every account.
 */
import { BaseError, HttpRequestError, recoverMessageAddress, TimeoutError, type Hex, type PublicClient } from 'viem';
import { HttpError } from '../../errors.js';
import { isHighS } from './ecdsa-low-s.js';

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

export interface EvmSignatureCheck {
  message: string;
  address: string;
  signature: Hex;
  /** The chain's client, for a contract account; undefined: EIP-191 only. */
  client: PublicClient | undefined;
  /** Says why a signature was refused when it is not simply someone else's (`who` prefixes it). */
  log(line: string): void;
  /** Names the caller and the chain in log lines and the 503 (e.g. `siwx`, `the RPC of eip155:1`). */
  who: string;
  node: string;
}

export async function evmSignatureValid({ message, address, signature, client, log, who, node }: EvmSignatureCheck): Promise<boolean> {
  // A high-s twin of a valid signature (EIP-2) is refused for any account: wallets never make one.
  if (isHighS(signature)) {
    log(`${who}: a high-s signature for ${address} (EIP-2) is refused`);
    return false;
  }
  const signer = await recovered(message, signature);
  if (signer?.toLowerCase() === address.toLowerCase()) return true;
  if (!client) {
    log(`${who}: ${address} did not sign (EIP-191); no RPC to ask whether it is a contract account (EIP-1271)`);
    return false;
  }
  const down = () => new HttpError(503, `The signature cannot be checked now: ${node} does not answer`);
  try {
    await client.getCode({ address: address as Hex });
  } catch (err) {
    if (unreachable(err)) throw down();
    throw err;
  }
  try {
    return await client.verifyMessage({ address: address as Hex, message, signature });
  } catch (err) {
    if (unreachable(err)) throw down();
    log(`${who}: EIP-1271 check of ${address} failed: ${(err as Error).message.split('\n')[0]}`);
    return false;
  }
}
