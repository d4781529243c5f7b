import type { Network } from '../wire/networks.js';

/** A network's block explorer, as a link target: its name and the page of a transaction. */
export interface ExplorerLink {
  name: string;
  href: string;
}

/** An EVM transaction hash, or a Solana signature (64 bytes in base58). */
const TRANSACTION_ID = /^(0x[0-9a-fA-F]{64}|[1-9A-HJ-NP-Za-km-z]{64,88})$/;

/**
 * The explorer page of transaction `hash` on `network` (`{explorer}/tx/{hash}`), or undefined when
 * the network has no explorer (Localhost) or the hash is not a transaction hash.
 */
export function transactionLink(network: Pick<Network, 'blockExplorers'> | undefined, hash: string): ExplorerLink | undefined {
  const explorer = network?.blockExplorers?.default;
  if (!explorer || !TRANSACTION_ID.test(hash) || !/^https?:\/\//i.test(explorer.url)) return undefined;
  return { name: explorer.name, href: `${explorer.url.replace(/\/+$/, '')}/tx/${hash}` };
}
