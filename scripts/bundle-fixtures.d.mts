/** Types for bundle-fixtures.mjs. */
export const TEST_WALLET_BUNDLE: string;
export const SOLANA_TEST_WALLET_BUNDLE: string;
export function bundleFixtures(): Promise<string>;
