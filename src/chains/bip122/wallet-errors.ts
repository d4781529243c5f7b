/** Typed errors for what a Bitcoin wallet answered: the shared ones (../wallet-errors.ts). */
export { askWallet, connectError, malformed, signError } from '../wallet-errors.js';
