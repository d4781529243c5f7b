/**
 * A chain's heavy dependencies are optional peers of w3kit (a dApp installs only the chains it
 * uses: `npm install w3kit @solana/web3.js` for Solana). Only that chain's lazy modules import
 * them, and each way into those modules goes through `needsPackage`, so a page that configures
 * the chain without its package meets a sentence naming what to install, not a bundler's
 * module-resolution error. In the first chunk: it names no chain.
 */
import { W3ConfigError } from '../core/errors.js';

/** The error of a network whose chain's package is missing: the install line in its message. */
export const packageMissing = (chain: string, pkg: string, cause?: unknown): W3ConfigError =>
  Object.assign(new W3ConfigError('networks', `${chain} needs ${pkg}: npm install ${pkg}`), { cause });

/**
 * Loads a module that imports `pkg`; rejects with `packageMissing` when `pkg` is not installed
 * (every loader names the specifier it could not resolve: a browser's "Failed to resolve module
 * specifier", Node's "Cannot find package", webpack's "Cannot find module", Vite's "Could not
 * resolve ... Is it installed?"), and when a bundler stood an empty module in for it (Vite does
 * for a missing optional peer): `check` false of what loaded.
 */
export async function needsPackage<T>(chain: string, pkg: string, load: () => Promise<T>, check: (loaded: T) => boolean): Promise<T> {
  let loaded: T;
  try {
    loaded = await load();
  } catch (error) {
    throw error instanceof Error && error.message.includes(pkg) ? packageMissing(chain, pkg, error) : error;
  }
  if (!check(loaded)) throw packageMissing(chain, pkg);
  return loaded;
}
