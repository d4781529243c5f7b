/**
 * Signature checks of sign in with X: each namespace's own (server/src/chains/<namespace>/siwx.ts),
 * given the RPC clients the backend has (the Blockchain API's `--evm-rpc` node:
 * server/src/chains/eip155/clients.ts).
 */
import { chainOfNamespace } from '../chains/index.js';
import type { ChainClients, ServerChain, SiwxMessage } from '../chains/types.js';

/**
 * Whether the message's account signed `text`; `log` says why a signature was refused when it
 * is not simply someone else's. Throws a 503 when the chain's RPC does not answer.
 */
export async function signatureValid(
  text: string,
  checked: SiwxMessage,
  clients: ChainClients,
  log: (line: string) => void,
  chains?: readonly ServerChain[],
): Promise<boolean> {
  const chain = chainOfNamespace(checked.namespace, chains);
  return chain ? chain.siwx.verify(text, checked, { clients, log }) : false;
}
