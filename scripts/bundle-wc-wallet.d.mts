/** Types for bundle-wc-wallet.mjs (a plain Node ESM module). */

/** dist/demo/wc-wallet.js */
export const WC_WALLET_BUNDLE: string;

/** Bundles demo/wc-wallet/wc-wallet-page.ts into one minified classic script; resolves with the output path. */
export function bundleWcWallet(outfile?: string): Promise<string>;
