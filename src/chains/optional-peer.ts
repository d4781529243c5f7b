/**
 * A chain's heavy dependencies are optional peers of w3kit (a dApp installs only the chains it
 * uses: `npm install w3kit @solana/web3.js` for Solana). Only that chain's lazy code imports
 * them, through one module per chain (e.g. ./solana/web3.ts) that turns a missing package into a
 * sentence naming what to install, not a module-resolution error.
 *
 * That module's `import()` sits inside a `try` block: Turbopack and webpack then take the
 * package for an optional one (a dApp without it still builds; the import fails when it runs),
 * and Vite stands an empty module in for a missing optional peer (`isEmpty` says so).
 */
import { W3ConfigError } from '../core/errors.js';

/** The error of a network whose chain's package is missing: the install line in its message. */
export const packageMissing = (chain: string, pkg: string, cause?: unknown): W3ConfigError =>
  Object.assign(new W3ConfigError('networks', `${chain} needs ${pkg}: npm install ${pkg}`), { cause });

/**
 * What an `import(pkg)` that threw should throw: `packageMissing` when the loader could not find
 * `pkg` (each names the specifier: a browser's "Failed to resolve module specifier", Node's
 * "Cannot find package", webpack's "Cannot find module", Vite's "Could not resolve ... Is it
 * installed?"), else the error itself.
 */
export const orMissing = (chain: string, pkg: string, error: unknown): unknown =>
  error instanceof Error && error.message.includes(pkg) ? packageMissing(chain, pkg, error) : error;
