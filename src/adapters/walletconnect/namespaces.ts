import type { ChainNamespace } from '../../core/caip.js';
import type { Network } from '../../wire/networks.js';

/** What a WalletConnect proposal asks for per namespace (CAIP-25). */
export interface ProposalNamespace {
  chains: string[];
  methods: string[];
  events: string[];
}

/** A namespace as the wallet approved it: chains, CAIP-10 accounts, methods and events. */
export interface SessionNamespace {
  chains?: string[];
  accounts: string[];
  methods: string[];
  events: string[];
}

/** The part of `@walletconnect/sign-client` the provider uses (so tests can pass a real client or any double). */
export interface WcClientLike {
  request(args: { topic: string; chainId: string; request: { method: string; params?: unknown } }): Promise<unknown>;
  on(event: string, listener: (payload: never) => void): unknown;
  off(event: string, listener: (payload: never) => void): unknown;
}

export interface WcSessionLike {
  topic: string;
  namespaces: Record<string, SessionNamespace>;
}

export const EIP155_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
];
/** What the Solana provider over a session asks of the wallet (see solana-provider.ts). */
export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'];
const METHODS: Partial<Record<ChainNamespace, string[]>> = { eip155: EIP155_METHODS, solana: SOLANA_METHODS };
/** Both namespaces propose the events WalletConnect wallets emit for every namespace. */
const EVENTS: Partial<Record<ChainNamespace, string[]>> = {
  eip155: ['chainChanged', 'accountsChanged'],
  solana: ['chainChanged', 'accountsChanged'],
};

/** A namespace's methods and events when this file lists none for it (its WalletConnect part's, src/chains/<namespace>). */
export type ProposalLookup = (namespace: ChainNamespace) => { methods: readonly string[]; events: readonly string[] } | undefined;

/**
 * The proposal's optionalNamespaces: every configured namespace that WalletConnect carries, with
 * all its configured chains (nothing is required, so a wallet may approve a subset).
 */
export function optionalNamespaces(networks: readonly Network[], lookup?: ProposalLookup): Record<string, ProposalNamespace> {
  const out: Record<string, ProposalNamespace> = {};
  for (const network of networks) {
    const own = Object.hasOwn(METHODS, network.chainNamespace) ? undefined : lookup?.(network.chainNamespace);
    const methods = METHODS[network.chainNamespace] ?? (own ? [...own.methods] : undefined);
    const events = EVENTS[network.chainNamespace] ?? (own ? [...own.events] : undefined);
    if (!methods || !events) continue;
    const entry = (out[network.chainNamespace] ??= { chains: [], methods, events });
    if (!entry.chains.includes(network.caipNetworkId)) entry.chains.push(network.caipNetworkId);
  }
  return out;
}

/** The chains a session approved in a namespace: its `chains`, else those of its accounts. */
export function approvedChains(namespaces: Record<string, SessionNamespace>, namespace: ChainNamespace): string[] {
  const ns = namespaces[namespace];
  if (!ns) return [];
  const chains = new Set(ns.chains ?? []);
  for (const account of ns.accounts) {
    const [space, reference] = account.split(':');
    if (space && reference) chains.add(`${space}:${reference}`);
  }
  return [...chains];
}

/** The addresses approved on one chain (`eip155:1`), in the wallet's order, without repeats. */
export function accountsOnChain(namespaces: Record<string, SessionNamespace>, chain: string): string[] {
  const [namespace] = chain.split(':');
  const out: string[] = [];
  for (const account of namespaces[namespace ?? '']?.accounts ?? []) {
    const at = account.lastIndexOf(':');
    if (account.slice(0, at) === chain && !out.includes(account.slice(at + 1))) out.push(account.slice(at + 1));
  }
  return out;
}

/**
 * How a switch to `chain` (`eip155:N`) goes in a session: 'session' when the session approved
 * accounts on it (no wallet prompt); 'wallet' when the chain is new to the session but the wallet
 * approved wallet_switchEthereumChain or wallet_addEthereumChain (the request goes to the wallet
 * on an approved chain, and the wallet adds the chain by a session update); otherwise
 * 'unsupported' ('Chain is not supported', spec section 6), and the session stays as it is.
 */
export function switchRoute(namespaces: Record<string, SessionNamespace>, chain: string): 'session' | 'wallet' | 'unsupported' {
  if (accountsOnChain(namespaces, chain).length > 0) return 'session';
  const methods = namespaces[chain.split(':')[0] ?? '']?.methods ?? [];
  return methods.includes('wallet_switchEthereumChain') || methods.includes('wallet_addEthereumChain') ? 'wallet' : 'unsupported';
}

export const hex = (n: number): `0x${string}` => `0x${n.toString(16)}`;

/** A chain id from a number, a decimal or hex string, or a CAIP-2 id (`eip155:N`); undefined when it is none. */
export function chainNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const ref = value.includes(':') ? value.slice(value.lastIndexOf(':') + 1) : value;
  const n = ref.startsWith('0x') ? parseInt(ref, 16) : Number(ref);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
