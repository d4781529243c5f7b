/** Typed errors for what a Solana wallet answered: the shared ones (../wallet-errors.ts; no @solana/web3.js there). */
export { askWallet, connectError, malformed, signError } from '../wallet-errors.js';
