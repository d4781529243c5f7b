/**
 * Bitcoin's Sign in with X signature check: a BIP-322 simple signature (base64) of the UTF-8 text
 * by the P2WPKH or P2TR address (src/wire/bip122/bip322.ts, the backend's verifier too), whose
 * network is the chain's: a regtest address signs in on regtest only.
 */
import { SiwxError } from '../../siwx/errors.js';
import { verifyBip322 } from '../../wire/bip122/bip322.js';
import type { SiwxSignatureCheck } from '../siwx-codec.js';

/** The address prefix of each preset's chain reference (mainnet, testnet, signet, regtest). */
const PREFIXES: Record<string, string> = {
  '000000000019d6689c085ae165831e93': 'bc1',
  '000000000933ea01ad0ee984209779ba': 'tb1',
  '00000008819873e925422c1ff0f99f7c': 'tb1',
  '0f9188f13cb7b2c71f2a335e3a4fc328': 'bcrt1',
};

export const checkBip122Signature: SiwxSignatureCheck = async (fields, message, signature) => {
  const prefix = Object.hasOwn(PREFIXES, fields.chainReference) ? PREFIXES[fields.chainReference]! : undefined;
  const address = fields.address.toLowerCase();
  if (prefix && !address.startsWith(prefix)) {
    throw new SiwxError(`Invalid signature (the address is not of bip122:${fields.chainReference}: its addresses start with ${prefix})`);
  }
  const result = verifyBip322(address, message, signature);
  if (!result.valid) throw new SiwxError(`Invalid signature (${result.reason})`);
};
