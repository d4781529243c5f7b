/**
 * SPL tokens the Blockchain API knows by mint (name and symbol; others are shown by a short form
 * of their mint), and the form of Solana addresses and chain ids. W3USD is the demo token
 * `npm start` mints on the local SVM at a fixed address (its mint keypair comes from a fixed
 * seed: scripts/lib/svm.mjs).
 */

/** The demo token's mint on the local SVM (6 decimals). */
export const DEV_SPL_MINT = '2bPx4MRMbdPoEA439jR3EDPoBscHkhtVSsCChcpYMmhC';

export const SPL_TOKENS: ReadonlyMap<string, { name: string; symbol: string }> = new Map([
  [DEV_SPL_MINT, { name: 'w3kit USD', symbol: 'W3USD' }],
  ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', { name: 'USD Coin', symbol: 'USDC' }],
  ['Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', { name: 'USDT', symbol: 'USDT' }],
]);

/** 32 to 44 base58 characters (spec 5). */
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
export const SOLANA_ADDRESS_RULE = 'must be a Solana address (32 to 44 base58 characters)';
/** `solana:<genesis hash prefix>`. */
export const SOLANA_CHAIN = /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/;

/** `Abcd…wxyz`: how a mint the server does not know is named. */
export const shortMint = (mint: string) => `${mint.slice(0, 4)}…${mint.slice(-4)}`;
