/**
 * The one door to `@solana/web3.js`, an optional peer of w3kit (../optional-peer.ts): Solana's
 * modules import only its types and reach its values through `web3()`, after `loadWeb3()` (the
 * adapter table awaits it before it hands out the adapter). A static `import { PublicKey } from
 * '@solana/web3.js'` would not do: Vite stands an empty module in for a missing optional peer,
 * and each name imported from it fails the dApp's build, even for a dApp that never uses Solana.
 */
import type * as Web3 from '@solana/web3.js';
import { orMissing, packageMissing } from '../optional-peer.js';

export type Web3Module = typeof Web3;

const CHAIN = 'Solana';
const PACKAGE = '@solana/web3.js';
let loaded: Web3Module | undefined;

/** The import, in a try block so Turbopack and webpack build a dApp that does not have the package. */
async function importWeb3(): Promise<Web3Module> {
  try {
    return await import('@solana/web3.js');
  } catch (error) {
    throw orMissing(CHAIN, PACKAGE, error);
  }
}

/** Loads @solana/web3.js once; rejects with a sentence naming the package when it is missing. */
export async function loadWeb3(): Promise<Web3Module> {
  if (loaded) return loaded;
  const module = await importWeb3();
  // Vite's stand-in for a missing optional peer is an empty module.
  if (typeof module.PublicKey !== 'function') throw packageMissing(CHAIN, PACKAGE);
  return (loaded = module);
}

/** The module `loadWeb3` loaded: code that runs once Solana's adapter has loaded. */
export function web3(): Web3Module {
  if (!loaded) throw new Error('@solana/web3.js is read before loadWeb3() loaded it');
  return loaded;
}
