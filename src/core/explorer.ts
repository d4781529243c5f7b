import type { Network } from '../wire/networks.js';

/** A network's block explorer, as a link target: its name and the page of a transaction. */
export interface ExplorerLink {
  name: string;
  href: string;
}

/**
 * The explorer page of transaction `hash` on `network` (`{explorer}/tx/{hash}`), or undefined when
 * the network has no explorer (Localhost) or the hash is not a transaction hash.
 */
export function transactionLink(network: Pick<Network, 'blockExplorers'> | undefined, hash: string): ExplorerLink | undefined {
  const explorer = network?.blockExplorers?.default;
  if (!explorer || !/^0x[0-9a-fA-F]{64}$/.test(hash) || !/^https?:\/\//i.test(explorer.url)) return undefined;
  return { name: explorer.name, href: `${explorer.url.replace(/\/+$/, '')}/tx/${hash}` };
}
