/**
 * A Bitcoin wallet's accounts as the modal keeps them: Bitcoin addresses of the app's network only
 * (a mainnet address is no account on regtest), at most MAX_ACCOUNTS, without repeats, the first
 * payment address (P2WPKH or P2TR) first: the active account; the others (an ordinals address)
 * follow in the wallet's order, for the account list.
 */
import type { Network } from '../../wire/networks.js';
import { addressInfo, formatAddress, type AddressNet } from './address.js';
import { addressNet } from './chains.js';

export const MAX_ACCOUNTS = 20;

/** Whether an address of network `net` belongs to `expected` (regtest's legacy forms are testnet's). */
function onNet(net: AddressNet, expected: AddressNet | undefined, legacy: boolean): boolean {
  return expected === undefined || net === expected || (expected === 'regtest' && legacy && net === 'test');
}

/** The wallet's accounts, kept and ordered as above; [] when none has a payment address. */
export function orderAccounts(addresses: readonly string[], network: Network | undefined): string[] {
  const expected = addressNet(network);
  const kept: string[] = [];
  let payment: string | undefined;
  for (const raw of addresses) {
    const info = addressInfo(raw);
    if (!info || !onNet(info.net, expected, info.kind === 'p2pkh' || info.kind === 'p2sh')) continue;
    const address = formatAddress(raw);
    if (kept.includes(address) || kept.length >= MAX_ACCOUNTS) continue;
    kept.push(address);
    if (!payment && (info.kind === 'p2wpkh' || info.kind === 'p2tr')) payment = address;
  }
  return payment ? [payment, ...kept.filter((a) => a !== payment)] : [];
}
