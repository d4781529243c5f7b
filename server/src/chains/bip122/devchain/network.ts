/**
 * The local Bitcoin development chain's network: regtest (bech32 prefix `bcrt`, WIF version
 * 0xef), its genesis block, the development keys (fixed seeds, so their addresses never
 * change), and how output scripts read in Esplora's JSON (`scriptpubkey_type`, `_asm`,
 * `_address`).
 */
import { createHash } from 'node:crypto';
import { Address, OutScript, p2wpkh, TEST_NETWORK, WIF } from '@scure/btc-signer';
import { pubECDSA } from '@scure/btc-signer/utils.js';

/** Regtest: testnet's version bytes with the `bcrt` bech32 prefix. */
export const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' };
/** Regtest's genesis block (its CAIP-2 id is `bip122:` and the first 32 hex digits). */
export const REGTEST_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206';
export const REGTEST_GENESIS_TIME = 1296688602;
export const SATS_PER_BTC = 100_000_000n;

const seed = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());

export interface DevKey {
  /** 32-byte secp256k1 private key. */
  privateKey: Uint8Array;
  /** Its P2WPKH address on regtest. */
  address: string;
  /** The private key as regtest WIF (compressed), as wallets import it. */
  wif: string;
}

function devKey(text: string): DevKey {
  const privateKey = seed(text);
  return { privateKey, address: p2wpkh(pubECDSA(privateKey), REGTEST).address!, wif: WIF(REGTEST).encode(privateKey) };
}

/** The development account: funded with DEV_FUND_BTC at the chain's creation. */
export const DEV_BITCOIN_KEY = devKey('w3kit dev bitcoin account');
export const DEV_FUND_BTC = 10;
/** Where the miner's coinbase (the block's fees) goes. */
export const DEV_MINER_KEY = devKey('w3kit dev bitcoin miner');

export type ScriptType = 'v0_p2wpkh' | 'v1_p2tr' | 'v0_p2wsh' | 'p2pkh' | 'p2sh' | 'op_return' | 'unknown';

/** The Esplora type of an output script. */
export function scriptType(script: Uint8Array): ScriptType {
  if (script[0] === 0x6a) return 'op_return';
  let decoded;
  try {
    decoded = OutScript.decode(script);
  } catch {
    return 'unknown';
  }
  const types: Record<string, ScriptType> = { wpkh: 'v0_p2wpkh', tr: 'v1_p2tr', wsh: 'v0_p2wsh', pkh: 'p2pkh', sh: 'p2sh' };
  return types[decoded.type] ?? 'unknown';
}

/** The regtest address of an output script, when it has one. */
export function scriptAddress(script: Uint8Array): string | undefined {
  if (scriptType(script) === 'op_return' || scriptType(script) === 'unknown') return undefined;
  return Address(REGTEST).encode(OutScript.decode(script));
}

/** The output script of a regtest P2WPKH or P2TR address, or undefined for anything else. */
export function addressScript(address: string): Uint8Array | undefined {
  if (!/^bcrt1[02-9ac-hj-np-z]{8,87}$/.test(address)) return undefined;
  try {
    const decoded = Address(REGTEST).decode(address);
    return decoded.type === 'wpkh' || decoded.type === 'tr' ? OutScript.encode(decoded) : undefined;
  } catch {
    return undefined;
  }
}

const NAMED: Record<number, string> = {
  0x00: 'OP_0',
  0x4f: 'OP_PUSHNUM_NEG1',
  0x6a: 'OP_RETURN',
  0x75: 'OP_DROP',
  0x76: 'OP_DUP',
  0x87: 'OP_EQUAL',
  0x88: 'OP_EQUALVERIFY',
  0xa9: 'OP_HASH160',
  0xac: 'OP_CHECKSIG',
  0xad: 'OP_CHECKSIGVERIFY',
  0xae: 'OP_CHECKMULTISIG',
};

/** A script as Esplora's `_asm` fields show it (`OP_0 OP_PUSHBYTES_20 <hex>`). */
export function scriptAsm(script: Uint8Array): string {
  const parts: string[] = [];
  const hex = (from: number, n: number) => Buffer.from(script.subarray(from, from + n)).toString('hex');
  for (let i = 0; i < script.length; ) {
    const op = script[i]!;
    if (op >= 0x01 && op <= 0x4b) {
      parts.push(`OP_PUSHBYTES_${op} ${hex(i + 1, op)}`);
      i += 1 + op;
    } else if (op >= 0x4c && op <= 0x4e) {
      const size = op === 0x4c ? 1 : op === 0x4d ? 2 : 4;
      let n = 0;
      for (let b = size - 1; b >= 0; b--) n = n * 256 + (script[i + 1 + b] ?? 0);
      parts.push(`OP_PUSHDATA${size === 4 ? 4 : size} ${hex(i + 1 + size, n)}`);
      i += 1 + size + n;
    } else {
      parts.push(op >= 0x51 && op <= 0x60 ? `OP_PUSHNUM_${op - 0x50}` : (NAMED[op] ?? `OP_UNKNOWN_${op}`));
      i += 1;
    }
  }
  return parts.join(' ');
}
