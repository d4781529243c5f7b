import { isEvmAddress } from './address.js';

/**
 * Whether two addresses are the same account: hex addresses ignore case (checksums), others
 * (base58) compare exactly. Its own module: only lazy chunks use it.
 */
export function sameAddress(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  return isEvmAddress(a) && isEvmAddress(b) ? a.replace(/^0x/i, '').toLowerCase() === b.replace(/^0x/i, '').toLowerCase() : a === b;
}
