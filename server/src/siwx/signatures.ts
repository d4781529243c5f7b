/**
 * Signature checks of sign in with X. eip155: the EIP-191 (personal_sign) signer recovered by
 * viem; when it is not the address and the backend has an RPC for the message's chain (the
 * Blockchain API's `--evm-rpc` node, whose chain id the indexer knows or eth_chainId tells),
 * viem's verifyMessage asks the chain (EIP-1271 `isValidSignature`, ERC-6492 for an undeployed
 * account). solana: ed25519 over the UTF-8 text (node:crypto), the key being the address.
 */
import { createPublicKey, verify } from 'node:crypto';
import { createPublicClient, hexToNumber, http, type Hex, type PublicClient } from 'viem';
import { evmSignatureValid } from '../blockchain/evm-signature.js';
import type { Indexer } from '../blockchain/indexer.js';
import { RPC_TIMEOUT_MS } from '../blockchain/rpc.js';
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
  return evmSignatureValid({
    message: text,
    address: checked.address,
    signature: checked.signature as Hex,
    client: await clients(checked.chainId),
    log,
    who: 'siwx',
    node: `the RPC of ${checked.chainId}`,
  });
}
