import { EMAIL_DISPLAY_MAX } from './constants.js';

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

/** EVM: 40 hex characters with an optional 0x (spec section 5). */
export const isEvmAddress = (value: string): boolean => EVM_ADDRESS.test(value);
/** Solana: 32 to 44 base58 characters. */
export const isSolanaAddress = (value: string): boolean => SOLANA_ADDRESS.test(value);
export const isTransactionHash = (value: string): boolean => TX_HASH.test(value);

/** `0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266` becomes `0xf3…b92266` (first 4, last 6). */
export function truncateAddress(address: string, head = 4, tail = 6): string {
  if (address.length <= head + tail + 1) return address;
  return `${address.slice(0, head)}…${address.slice(-tail)}`;
}

/** E-mail addresses longer than 30 characters are shown truncated. */
export function truncateEmail(email: string): string {
  return email.length > EMAIL_DISPLAY_MAX ? `${email.slice(0, EMAIL_DISPLAY_MAX)}…` : email;
}
