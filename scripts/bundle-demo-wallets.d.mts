/** Types for bundle-demo-wallets.mjs (a plain Node ESM module). */

/** dist/demo/dev-wallet.js */
export const DEV_WALLET_BUNDLE: string;
/** dist/demo/wc-wallet.js */
export const WC_WALLET_BUNDLE: string;

/** Bundles demo/dev-wallet/dev-wallet.ts into one minified classic script; resolves with the output path. */
export function bundleDevWallet(outfile?: string): Promise<string>;
/** Bundles demo/wc-wallet/wc-wallet-page.ts into one minified classic script; resolves with the output path. */
export function bundleWcWallet(outfile?: string): Promise<string>;
