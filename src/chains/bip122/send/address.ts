/**
 * Addresses of a send, per network. A receiver may be P2WPKH, P2TR, P2WSH (bech32/bech32m) or
 * a legacy P2PKH or P2SH (base58) address; the sender, the account paying, is the payment
 * address: P2WPKH or P2TR. An address of another network is refused by that network's name;
 * anything else (a typo, a checksum that fails, a witness version we do not pay) by what it is.
 * Call `loadBtcSigner()` once before (./btc-signer.ts).
 */
import { btcSigner } from './btc-signer.js';
import { BitcoinSendError } from './errors.js';
import { BITCOIN_NETS, NET_NAMES, NET_PARAMS, type BitcoinNet } from './networks.js';

export type OutputType = 'p2wpkh' | 'p2tr' | 'p2wsh' | 'p2pkh' | 'p2sh';
export type PaymentType = 'p2wpkh' | 'p2tr';

export interface ParsedAddress {
  address: string;
  type: OutputType;
  /** The output script paying the address. */
  script: Uint8Array;
}

const TYPES: Record<string, OutputType> = { wpkh: 'p2wpkh', tr: 'p2tr', wsh: 'p2wsh', pkh: 'p2pkh', sh: 'p2sh' };
const MAX_ADDRESS = 100;

/** The address on `net`; 'unsupported' for a valid one of a type not paid (e.g. a future witness version); undefined when it is not one of `net`. */
function decode(address: string, net: BitcoinNet): ParsedAddress | 'unsupported' | undefined {
  const { Address, OutScript } = btcSigner();
  let decoded;
  try {
    decoded = Address(NET_PARAMS[net]).decode(address);
  } catch {
    return undefined;
  }
  const type = TYPES[decoded.type];
  // Unknown witness versions and programs decode too; a send pays only the standard types.
  if (!type) return 'unsupported';
  return { address, type, script: OutScript.encode(decoded) };
}

/** The receiver `to` on `net`; throws ADDRESS_INVALID, ADDRESS_WRONG_NETWORK or ADDRESS_UNSUPPORTED. */
export function parseAddress(to: unknown, net: BitcoinNet): ParsedAddress {
  const text = typeof to === 'string' ? to.trim() : '';
  const shown = typeof to === 'string' ? JSON.stringify(to.slice(0, MAX_ADDRESS)) : String(to);
  if (!text || text.length > MAX_ADDRESS) throw new BitcoinSendError('ADDRESS_INVALID', `${shown} is not a Bitcoin address`);
  // Bech32 addresses are case-insensitive but never mixed-case; wallets show them lower-case.
  const address = text === text.toUpperCase() && /^(bc|tb|bcrt)1/i.test(text) ? text.toLowerCase() : text;
  const parsed = decode(address, net);
  if (parsed === 'unsupported') {
    throw new BitcoinSendError('ADDRESS_UNSUPPORTED', `${shown} is a ${NET_NAMES[net]} address of a kind a send does not pay`);
  }
  if (parsed) return parsed;
  const other = BITCOIN_NETS.find((n) => NET_PARAMS[n] !== NET_PARAMS[net] && decode(address, n));
  if (other) {
    throw new BitcoinSendError('ADDRESS_WRONG_NETWORK', `${shown} is a ${NET_NAMES[other]} address, not a ${NET_NAMES[net]} one`, {
      facts: { addressNetwork: other },
    });
  }
  throw new BitcoinSendError('ADDRESS_INVALID', `${shown} is not a Bitcoin address`);
}

/** The paying account's address on `net`: P2WPKH or P2TR, else ADDRESS_UNSUPPORTED. */
export function parsePaymentAddress(from: unknown, net: BitcoinNet): ParsedAddress & { type: PaymentType } {
  const parsed = parseAddress(from, net);
  if (parsed.type !== 'p2wpkh' && parsed.type !== 'p2tr') {
    throw new BitcoinSendError('ADDRESS_UNSUPPORTED', `The account ${parsed.address} is ${parsed.type}: a send pays from P2WPKH or P2TR`);
  }
  return parsed as ParsedAddress & { type: PaymentType };
}
