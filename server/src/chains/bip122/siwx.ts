/**
 * Sign in with X on bip122 (issue 33): a chain reference is the genesis block hash's first 32
 * hex digits, the address a P2WPKH or P2TR (bech32) address, the signature a BIP-322 simple
 * signature in base64, checked by src/wire/bip122/bip322.ts (the code createBrowserSiwx shares).
 * The default chains are mainnet, testnet, signet and regtest (the local development chain).
 */
import { base64Decode, base64Encode } from '../../../../src/wire/base64.js';
import { bip322Address, verifyBip322 } from '../../../../src/wire/bip122/bip322.js';
import { HttpError } from '../../errors.js';
import type { SiwxCapability } from '../types.js';

/** A bip122 CAIP-2 reference: the genesis block hash's first 32 hex digits. */
export const BIP122_REFERENCE = /^[0-9a-f]{32}$/;
/** BIP-322 simple signatures are a witness stack: a P2WPKH one about 108 bytes, a P2TR one 66. */
const MAX_SIGNATURE_BYTES = 1024;

export const BIP122_CHAINS = {
  mainnet: 'bip122:000000000019d6689c085ae165831e93',
  testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  signet: 'bip122:00000008819873e925422c1ff0f99f7c',
  regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
} as const;

/** The bech32 prefix of each known chain's addresses. */
export const BIP122_ADDRESS_PREFIXES: Readonly<Record<string, string>> = {
  [BIP122_CHAINS.mainnet]: 'bc1',
  [BIP122_CHAINS.testnet]: 'tb1',
  [BIP122_CHAINS.signet]: 'tb1',
  [BIP122_CHAINS.regtest]: 'bcrt1',
};

export const bip122Siwx: SiwxCapability = {
  accountType: 'Bitcoin',
  chainForm: "bip122:<the genesis block hash's first 32 hex digits>",
  example: BIP122_CHAINS.mainnet,
  referenceValid: (reference) => BIP122_REFERENCE.test(reference),
  defaultChains: Object.values(BIP122_CHAINS),
  account(address, signature) {
    if (!bip322Address(address))
      throw new HttpError(400, `Invalid bip122 address ${address}: must be a P2WPKH or P2TR (bech32) address`, 'address');
    const bytes = signature.length <= (MAX_SIGNATURE_BYTES * 4) / 3 + 4 ? base64Decode(signature) : undefined;
    if (!bytes?.length) throw new HttpError(400, 'Invalid signature: must be a BIP-322 simple signature in base64', 'signature');
    return { address, signature: bytes };
  },
  async verify(text, message, { log }) {
    const prefix = BIP122_ADDRESS_PREFIXES[message.chainId];
    if (prefix && !message.address.toLowerCase().startsWith(prefix))
      throw new HttpError(400, `Invalid bip122 address ${message.address}: ${message.chainId} addresses start with ${prefix}`, 'address');
    const result = verifyBip322(message.address, text, base64Encode(message.signature as Uint8Array));
    if (!result.valid) log(`siwx: BIP-322 signature of ${message.address} refused: ${result.reason}`);
    return result.valid;
  },
};
