/**
 * The accounts a WalletConnect session approved, per namespace, read from its CAIP-10 entries
 * (`namespace:reference:address`). A wallet's session is data from outside: entries that are not
 * well-formed, name a namespace w3kit does not know or carry an address that is not one of the
 * namespace's are dropped, and only the first entries are read.
 */
import { isNamespace, type ChainNamespace } from '../core/caip.js';
import { isAddress as isBitcoinAddress } from './bip122/address.js';
import { isSolanaAddress } from './solana/walletconnect-codec.js';

/** How many account entries are read per namespace entry of a session, and addresses kept per namespace. */
const MAX_ENTRIES = 256;
const MAX_ADDRESSES = 32;

/** One namespace's approved chain (CAIP-2 reference: `'1'`, a genesis-hash prefix) and its addresses there. */
export interface NamespaceAccounts {
  chainId: string;
  accounts: string[];
}

interface SessionLike {
  namespaces: Record<string, { accounts?: unknown } | undefined>;
}

const REFERENCE: Partial<Record<ChainNamespace, RegExp>> = {
  eip155: /^[1-9][0-9]{0,15}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{32}$/,
  bip122: /^[0-9a-f]{32}$/,
};
const ADDRESS: Partial<Record<ChainNamespace, (address: string) => boolean>> = {
  eip155: (a) => /^0x[0-9a-fA-F]{40}$/.test(a),
  solana: isSolanaAddress,
  bip122: isBitcoinAddress,
};
// CAIP-2 and CAIP-10 in general, for the namespaces checked no further.
const ANY_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/;
const ANY_ADDRESS = (a: string): boolean => /^[-.%a-zA-Z0-9]{1,128}$/.test(a);

/** A CAIP-10 account split and checked; undefined when it is not a valid one. */
function parseAccount(entry: unknown): { namespace: ChainNamespace; reference: string; address: string } | undefined {
  if (typeof entry !== 'string' || entry.length > 256) return undefined;
  const [namespace, reference, address, ...rest] = entry.split(':');
  if (rest.length || !isNamespace(namespace) || reference === undefined || address === undefined) return undefined;
  if (!(REFERENCE[namespace] ?? ANY_REFERENCE).test(reference)) return undefined;
  if (!(ADDRESS[namespace] ?? ANY_ADDRESS)(address)) return undefined;
  return { namespace, reference, address };
}

/**
 * Per namespace, the chain the session's accounts are on and the addresses there, in the
 * wallet's order without repeats. The chain is the one of `preferred` (CAIP-2 ids, e.g. the
 * app's active network per namespace) when the session holds accounts on it, else the chain of
 * the namespace's first valid account. A namespace without a valid account is absent.
 */
export function sessionAccounts(
  session: SessionLike,
  preferred: readonly string[] = [],
): Partial<Record<ChainNamespace, NamespaceAccounts>> {
  const byChain = new Map<ChainNamespace, Map<string, string[]>>();
  for (const ns of Object.values(session.namespaces ?? {})) {
    const entries = Array.isArray(ns?.accounts) ? (ns.accounts as unknown[]).slice(0, MAX_ENTRIES) : [];
    for (const entry of entries) {
      const account = parseAccount(entry);
      if (!account) continue;
      let chains = byChain.get(account.namespace);
      if (!chains) byChain.set(account.namespace, (chains = new Map()));
      const list = chains.get(account.reference) ?? [];
      chains.set(account.reference, list);
      if (list.length < MAX_ADDRESSES && !list.includes(account.address)) list.push(account.address);
    }
  }
  const out: Partial<Record<ChainNamespace, NamespaceAccounts>> = {};
  for (const [namespace, chains] of byChain) {
    const wanted = preferred.find((id) => id.startsWith(`${namespace}:`) && chains.has(id.slice(namespace.length + 1)));
    const chainId = wanted ? wanted.slice(namespace.length + 1) : [...chains.keys()][0]!;
    out[namespace] = { chainId, accounts: chains.get(chainId)! };
  }
  return out;
}
