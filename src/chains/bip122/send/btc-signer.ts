/**
 * The send's one door to `@scure/btc-signer`, an optional peer of w3kit (../../optional-peer.ts):
 * these modules import only its types and reach its values through `btcSigner()`, after
 * `loadBtcSigner()` (the send's async entries await it; a caller of the pure functions awaits it
 * once first). A static value import would fail a dApp's build that has no Bitcoin.
 */
import type * as BtcSigner from '@scure/btc-signer';
import { orMissing, packageMissing } from '../../optional-peer.js';

export type BtcSignerModule = typeof BtcSigner;

const CHAIN = 'Bitcoin';
const PACKAGE = '@scure/btc-signer';
let loaded: BtcSignerModule | undefined;

/** The import, in a try block so Turbopack and webpack build a dApp that does not have the package. */
async function importBtcSigner(): Promise<BtcSignerModule> {
  try {
    return await import('@scure/btc-signer');
  } catch (error) {
    throw orMissing(CHAIN, PACKAGE, error);
  }
}

/** Loads @scure/btc-signer once; rejects with a sentence naming the package when it is missing. */
export async function loadBtcSigner(): Promise<BtcSignerModule> {
  if (loaded) return loaded;
  const module = await importBtcSigner();
  // Vite's stand-in for a missing optional peer is an empty module.
  if (typeof module.Transaction !== 'function') throw packageMissing(CHAIN, PACKAGE);
  return (loaded = module);
}

/** The module `loadBtcSigner` loaded. */
export function btcSigner(): BtcSignerModule {
  if (!loaded) throw new Error('@scure/btc-signer is read before loadBtcSigner() loaded it');
  return loaded;
}
