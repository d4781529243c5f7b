/**
 * BIP-322 "simple" signed messages for P2WPKH and P2TR (key path) addresses, once for the
 * backend's SIWX verifier and the client's createBrowserSiwx (issue 33, section 2), on
 * @scure/btc-signer: the message's tagged hash, the virtual `to_spend` (its output pays the
 * address) and `to_sign` (spends it to OP_RETURN) transactions, and the signature, a base64
 * witness stack, checked against BIP-143 (P2WPKH) or BIP-341 (P2TR) sighashes of `to_sign`.
 * Legacy (BIP-137) signatures and other address types are refused with words naming why.
 */
import { schnorr, secp256k1 } from '@noble/curves/secp256k1';
import { Address, NETWORK, OutScript, p2tr, p2wpkh, RawTx, RawWitness, Script, TEST_NETWORK, Transaction } from '@scure/btc-signer';
import { concatBytes, equalBytes, hash160, pubECDSA, pubSchnorr, sha256, sha256x2 } from '@scure/btc-signer/utils.js';
import { base64Decode, base64Encode } from '../base64.js';

/** The bech32 prefixes of the networks taken: mainnet, testnet and signet, regtest. */
const NETWORKS = [NETWORK, TEST_NETWORK, { ...TEST_NETWORK, bech32: 'bcrt' }];
const SIGHASH_DEFAULT = 0x00;
const SIGHASH_ALL = 0x01;
const encoder = new TextEncoder();

/** An address BIP-322 simple signatures are checked for: its output script and what it commits to. */
export type Bip322Address = { type: 'wpkh'; script: Uint8Array; hash: Uint8Array } | { type: 'tr'; script: Uint8Array; pubkey: Uint8Array };

export type Bip322Result = { valid: true } | { valid: false; reason: string };

/** The P2WPKH or P2TR output of a bech32/bech32m address of any network taken; undefined for any other. */
export function bip322Address(address: string): Bip322Address | undefined {
  const network = [...NETWORKS]
    .sort((a, b) => b.bech32.length - a.bech32.length)
    .find((n) => address.toLowerCase().startsWith(`${n.bech32}1`));
  if (!network) return undefined;
  let decoded;
  try {
    decoded = Address(network).decode(address);
  } catch {
    return undefined;
  }
  if (decoded.type === 'wpkh') return { type: 'wpkh', script: OutScript.encode(decoded), hash: decoded.hash };
  if (decoded.type === 'tr') return { type: 'tr', script: OutScript.encode(decoded), pubkey: decoded.pubkey };
  return undefined;
}

/** BIP-322's message hash: SHA-256 tagged `BIP0322-signed-message`. */
export function bip322MessageHash(message: string | Uint8Array): Uint8Array {
  const tag = sha256(encoder.encode('BIP0322-signed-message'));
  return sha256(concatBytes(tag, tag, typeof message === 'string' ? encoder.encode(message) : message));
}

const reversed = (bytes: Uint8Array) => Uint8Array.from(bytes).reverse();
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** The txid (as explorers show it) of the virtual `to_spend` transaction of `message` paying `script`. */
export function bip322ToSpendTxid(script: Uint8Array, message: string | Uint8Array): string {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script }],
    witnesses: [],
    lockTime: 0,
  });
  return hex(reversed(sha256x2(raw)));
}

/** The virtual, unsigned `to_sign` transaction: spends `to_spend`'s output (0 sats) to OP_RETURN. */
export function bip322ToSign(script: Uint8Array, message: string | Uint8Array): Transaction {
  const tx = new Transaction({ version: 0, lockTime: 0, allowUnknownOutputs: true, allowUnknownInputs: true });
  tx.addInput({ txid: bip322ToSpendTxid(script, message), index: 0, sequence: 0, witnessUtxo: { script, amount: 0n } });
  tx.addOutput({ script: Script.encode(['RETURN']), amount: 0n });
  return tx;
}

function verifyWpkh(owner: Extract<Bip322Address, { type: 'wpkh' }>, toSign: Transaction, witness: Uint8Array[]): Bip322Result {
  if (witness.length !== 2) return { valid: false, reason: 'a P2WPKH signature is a witness of a signature and a public key' };
  const [sig, pub] = witness as [Uint8Array, Uint8Array];
  if (pub.length !== 33 || !equalBytes(hash160(pub), owner.hash))
    return { valid: false, reason: "the signature's public key is not the address's" };
  if (sig.at(-1) !== SIGHASH_ALL) return { valid: false, reason: 'the signature is not SIGHASH_ALL' };
  const digest = toSign.preimageWitnessV0(0, OutScript.encode({ type: 'pkh', hash: owner.hash }), SIGHASH_ALL, 0n);
  let ok = false;
  try {
    ok = secp256k1.verify(sig.subarray(0, -1), digest, pub, { format: 'der', lowS: false });
  } catch {
    ok = false;
  }
  return ok ? { valid: true } : { valid: false, reason: 'the signature does not verify (P2WPKH, BIP-143 sighash)' };
}

function verifyTr(owner: Extract<Bip322Address, { type: 'tr' }>, toSign: Transaction, witness: Uint8Array[]): Bip322Result {
  if (witness.length !== 1) return { valid: false, reason: 'a P2TR signature is a key-path witness of one Schnorr signature' };
  const sig = witness[0]!;
  if (sig.length !== 64 && !(sig.length === 65 && sig[64] === SIGHASH_ALL))
    return { valid: false, reason: 'a P2TR signature is 64 bytes (or 65 ending in SIGHASH_ALL)' };
  const hashType = sig.length === 65 ? SIGHASH_ALL : SIGHASH_DEFAULT;
  const digest = toSign.preimageWitnessV1(0, [owner.script], hashType, [0n]);
  let ok = false;
  try {
    ok = schnorr.verify(sig.subarray(0, 64), digest, owner.pubkey);
  } catch {
    ok = false;
  }
  return ok ? { valid: true } : { valid: false, reason: 'the signature does not verify (P2TR key path, BIP-341 sighash)' };
}

/** Whether `signature` (base64, BIP-322 simple) is `address`'s signature of `message`; when not, why. */
export function verifyBip322(address: string, message: string | Uint8Array, signature: string): Bip322Result {
  const owner = bip322Address(address);
  if (!owner) return { valid: false, reason: 'the address is not a P2WPKH or P2TR (bech32) address' };
  const bytes = base64Decode(signature);
  if (!bytes || bytes.length === 0) return { valid: false, reason: 'the signature is not base64' };
  if (bytes.length === 65 && bytes[0]! >= 27 && bytes[0]! <= 42)
    return { valid: false, reason: 'the signature is in the legacy (BIP-137) format, not BIP-322' };
  let witness: Uint8Array[];
  try {
    witness = RawWitness.decode(bytes);
  } catch {
    return { valid: false, reason: 'the signature is not a BIP-322 simple signature (a witness stack)' };
  }
  const toSign = bip322ToSign(owner.script, message);
  return owner.type === 'wpkh' ? verifyWpkh(owner, toSign, witness) : verifyTr(owner, toSign, witness);
}

/**
 * A BIP-322 simple signature (base64) of `message` by `privateKey` for its P2WPKH or P2TR
 * `address` (development wallets and tests; real wallets sign with their own keys).
 */
export function signBip322(privateKey: Uint8Array, address: string, message: string | Uint8Array): string {
  const owner = bip322Address(address);
  if (!owner) throw new Error(`Cannot sign for ${address}: not a P2WPKH or P2TR address`);
  const internalKey = pubSchnorr(privateKey);
  const mine = owner.type === 'tr' ? p2tr(internalKey).script : p2wpkh(pubECDSA(privateKey)).script;
  if (!equalBytes(mine, owner.script)) throw new Error(`Cannot sign for ${address}: not this key's address`);
  const toSign = bip322ToSign(owner.script, message);
  if (owner.type === 'tr') toSign.updateInput(0, { tapInternalKey: internalKey });
  toSign.sign(privateKey, owner.type === 'tr' ? [SIGHASH_DEFAULT] : [SIGHASH_ALL]);
  toSign.finalizeIdx(0);
  return base64Encode(RawWitness.encode(toSign.getInput(0).finalScriptWitness!));
}
