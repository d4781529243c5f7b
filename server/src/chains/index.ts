/**
 * The registry of the namespaces the server serves (issue 30), in the order they are tried:
 * the first is the one an address of no known form is refused as. Routes, sign-in and the
 * repositories iterate it; each namespace's code is in its own folder.
 */
import { InputError } from '../errors.js';
import { bip122Chain } from './bip122/index.js';
import { eip155Chain } from './eip155/index.js';
import { solanaChain } from './solana/index.js';
import type { NamesCapability, ServerChain } from './types.js';

export const SERVER_CHAINS: readonly ServerChain[] = [eip155Chain, solanaChain, bip122Chain];

/** The namespace of a CAIP-2 chain id, if one of `chains` takes it. */
export function chainOfId(chainId: string, chains: readonly ServerChain[] = SERVER_CHAINS): ServerChain | undefined {
  return chains.find((c) => c.chainIdPattern.test(chainId));
}

/** The namespace of a CAIP-2 namespace name (`eip155`), if one of `chains` is it. */
export function chainOfNamespace(namespace: string, chains: readonly ServerChain[] = SERVER_CHAINS): ServerChain | undefined {
  return chains.find((c) => c.namespace === namespace);
}

/** A checked address of `chain` in the form it is stored; `field` names it in the error. */
export function chainAddress(chain: ServerChain, value: string, field: string): string {
  if (!chain.address.pattern.test(value)) throw new InputError(field, `Invalid ${field} '${value}': ${chain.address.rule}`);
  return chain.address.normalize(value);
}

/** The node URLs of the server's start options, by namespace. */
export function chainRpcUrls(options: {
  solanaRpc?: string | undefined;
  bitcoinEsplora?: string | undefined;
}): Record<string, string | undefined> {
  return { [solanaChain.namespace]: options.solanaRpc, [bip122Chain.namespace]: options.bitcoinEsplora };
}

/** Name registrations' capability: the first namespace that has one (EVM only today). */
export function namesCapability(chains: readonly ServerChain[] = SERVER_CHAINS): NamesCapability {
  const names = chains.find((c) => c.names)?.names;
  if (!names) throw new Error('No namespace takes name registrations');
  return names;
}
