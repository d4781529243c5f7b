/**
 * The one door to `@solana/web3.js`, an optional peer of w3kit: Solana's modules import only its
 * types and reach its values through `web3()`, after `loadWeb3()` (the adapter table awaits it
 * before it loads the adapter). A static `import { PublicKey } from '@solana/web3.js'` would not
 * do: a bundler that stands an empty module in for a missing optional peer (Vite does) fails the
 * dApp's build on each name it imports, even for a dApp that never uses Solana.
 */
import type * as Web3 from '@solana/web3.js';
import { needsPackage } from '../optional-peer.js';

export type Web3Module = typeof Web3;

let loaded: Web3Module | undefined;

/** Loads @solana/web3.js once; rejects with a sentence naming the package when it is missing. */
export async function loadWeb3(): Promise<Web3Module> {
  loaded ??= await needsPackage(
    'Solana',
    '@solana/web3.js',
    () => import('@solana/web3.js'),
    (m) => typeof m.PublicKey === 'function',
  );
  return loaded;
}

/** The module `loadWeb3` loaded: code that runs once Solana's adapter has loaded. */
export function web3(): Web3Module {
  if (!loaded) throw new Error('@solana/web3.js is read before loadWeb3() loaded it');
  return loaded;
}
