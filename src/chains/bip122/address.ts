/**
 * Bitcoin addresses, parsed for real (no optional peer here): segwit addresses by their bech32
 * (v0) or bech32m (v1+) checksum (BIP-173, BIP-350), legacy P2PKH and P2SH ones by their base58
 * checksum (double SHA-256). The human-readable part or version byte names the network: `bc` and
 * 0/5 mainnet, `tb` and 111/196 testnet and signet, `bcrt` (with 111/196) regtest.
 */
import { sha256 } from 'viem';
import { WalletRequestError } from '../../core/errors.js';
import { base58Decode } from '../../wire/base58.js';

export type AddressKind = 'p2wpkh' | 'p2wsh' | 'p2tr' | 'p2pkh' | 'p2sh' | 'segwit';
/** `main`: bc / 0 / 5; `test`: tb / 111 / 196 (testnet, signet, and regtest's legacy forms); `regtest`: bcrt. */
export type AddressNet = 'main' | 'test' | 'regtest';
export interface AddressInfo {
  kind: AddressKind;
  net: AddressNet;
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32 = 1;
const BECH32M = 0x2bc830a3;
const HRP: Record<string, AddressNet> = { bc: 'main', tb: 'test', bcrt: 'regtest' };

function polymod(values: number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ value) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ (GENERATOR[i] as number)) >>> 0;
  }
  return chk;
}

/** 5-bit groups to bytes; undefined when the padding is not zeros of less than 5 bits. */
function toBytes(words: number[]): Uint8Array | undefined {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const word of words) {
    acc = (acc << 5) | word;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >>> bits) & 0xff);
    }
  }
  if (bits >= 5 || (acc & ((1 << bits) - 1)) !== 0) return undefined;
  return Uint8Array.from(out);
}

function segwit(value: string): AddressInfo | undefined {
  if (value.length > 90 || (value !== value.toLowerCase() && value !== value.toUpperCase())) return undefined;
  const text = value.toLowerCase();
  const split = text.lastIndexOf('1');
  const net = HRP[text.slice(0, split)];
  if (!net || !Object.hasOwn(HRP, text.slice(0, split))) return undefined;
  const data: number[] = [];
  for (const c of text.slice(split + 1)) {
    const word = CHARSET.indexOf(c);
    if (word < 0) return undefined;
    data.push(word);
  }
  if (data.length < 7) return undefined;
  const hrp = text.slice(0, split);
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const check = polymod([...expanded, ...data]);
  const version = data[0] as number;
  if (version > 16 || check !== (version === 0 ? BECH32 : BECH32M)) return undefined;
  const program = toBytes(data.slice(1, -6));
  if (!program || program.length < 2 || program.length > 40) return undefined;
  if (version === 0) {
    if (program.length === 20) return { kind: 'p2wpkh', net };
    return program.length === 32 ? { kind: 'p2wsh', net } : undefined;
  }
  return { kind: version === 1 && program.length === 32 ? 'p2tr' : 'segwit', net };
}

function legacy(value: string): AddressInfo | undefined {
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(value)) return undefined;
  const bytes = base58Decode(value);
  if (!bytes || bytes.length !== 25) return undefined;
  const sum = sha256(sha256(bytes.subarray(0, 21), 'bytes'), 'bytes');
  if (!sum.subarray(0, 4).every((b, i) => b === bytes[21 + i])) return undefined;
  const kind = { 0: 'p2pkh', 5: 'p2sh', 111: 'p2pkh', 196: 'p2sh' }[bytes[0] as number] as AddressKind | undefined;
  return kind ? { kind, net: (bytes[0] as number) < 100 ? 'main' : 'test' } : undefined;
}

/** What `value` is, or undefined when it is no Bitcoin address. */
export function addressInfo(value: unknown): AddressInfo | undefined {
  if (typeof value !== 'string') return undefined;
  return /^(bc|tb|bcrt)1/i.test(value) ? segwit(value) : legacy(value);
}

export const isAddress = (value: string): boolean => addressInfo(value) !== undefined;

/** A payment address: native segwit (P2WPKH) or taproot (P2TR), the two the modal makes active. */
export const isPaymentAddress = (value: string): boolean => ['p2wpkh', 'p2tr'].includes(addressInfo(value)?.kind ?? '');

/** A segwit address is written in lower case; a legacy one as it is. Throws a typed 'Invalid input' for a non-address. */
export function formatAddress(value: string): string {
  const info = addressInfo(value);
  if (!info) {
    throw new WalletRequestError('Invalid input', {
      messageCode: 'InvalidInput',
      details: `"${String(value).slice(0, 100)}" is not a Bitcoin address`,
    });
  }
  return ['p2pkh', 'p2sh'].includes(info.kind) ? value : value.toLowerCase();
}

/** A transaction id: 64 hex characters. */
export const isTransactionId = (value: string): boolean => typeof value === 'string' && /^[0-9a-f]{64}$/i.test(value);
