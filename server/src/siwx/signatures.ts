/**
 * Signature checks of sign in with X. eip155: the EIP-191 (personal_sign) signer recovered by
 * viem; when it is not the address and the backend has an RPC for the message's chain (the
 * Blockchain API's `--evm-rpc` node, whose chain id the indexer knows or eth_chainId tells),
 * viem's verifyMessage asks the chain (EIP-1271 `isValidSignature`, ERC-6492 for an undeployed
 * account). solana: ed25519 over the UTF-8 text (node:crypto), the key being the address.
 */
import { createPublicKey, verify } from 'node:crypto';
import {
  createPublicClient,
  hexToNumber,
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
import type { SiwxMessage } from './message-checks.js';

/** The RPC the backend has for a CAIP-2 chain id, if any. */
export type ChainClients = (chainId: string) => Promise<PublicClient | undefined>;

/** The Blockchain API's one EVM node (`--evm-rpc`), for the chain it serves. */
export function indexerClients(indexer: Indexer | undefined): ChainClients {
  let client: PublicClient | undefined;
  return async (chainId) => {
    if (!indexer) return undefined;
    let served = indexer.chainId();
    if (served === undefined) {
      try {
        served = `eip155:${hexToNumber(await indexer.rpc.request<Hex>('eth_chainId'))}`;
      } catch {
        return undefined;
      }
    }
    if (served !== chainId) return undefined;
    client ??= createPublicClient({ transport: http(indexer.rpcUrl, { retryCount: 0, timeout: RPC_TIMEOUT_MS }) });
    return client;
  };
}

function ed25519Valid(message: string, signature: Uint8Array, publicKey: Uint8Array): boolean {
  try {
    const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') }, format: 'jwk' });
    return verify(null, Buffer.from(message, 'utf8'), key, signature);
  } catch {
    return false;
  }
}

async function recovered(message: string, signature: Hex): Promise<string | undefined> {
  try {
    return await recoverMessageAddress({ message, signature });
  } catch {
    return undefined;
  }
}

/**
 * Whether the message's account signed `text`; `log` says why a signature was refused when it
 * is not simply someone else's. Throws a 503 when the chain's RPC does not answer.
 */
export async function signatureValid(
  text: string,
  checked: SiwxMessage,
  clients: ChainClients,
  log: (line: string) => void,
): Promise<boolean> {
  if (checked.namespace === 'solana') return ed25519Valid(text, checked.signature as Uint8Array, checked.publicKey!);
  const signature = checked.signature as Hex;
  const signer = await recovered(text, signature);
  if (signer?.toLowerCase() === checked.address.toLowerCase()) return true;
  const client = await clients(checked.chainId);
  if (!client) {
    log(
      `siwx: ${checked.address} did not sign (EIP-191); no RPC for ${checked.chainId} to ask whether it is a contract account (EIP-1271)`,
    );
    return false;
  }
  try {
    return await client.verifyMessage({ address: checked.address as Hex, message: text, signature });
  } catch (err) {
    if (err instanceof HttpRequestError || err instanceof TimeoutError) {
      throw new HttpError(503, `The signature cannot be checked now: the RPC of ${checked.chainId} does not answer`);
    }
    log(`siwx: EIP-1271 check of ${checked.address} on ${checked.chainId} failed: ${(err as Error).message.split('\n')[0]}`);
    return false;
  }
}
