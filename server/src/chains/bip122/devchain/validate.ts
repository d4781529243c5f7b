/**
 * What the development chain checks before it accepts a transaction, as a node's mempool
 * would: its inputs exist and are unspent (in blocks and in the mempool), the amounts add up
 * (outputs <= inputs, a fee of at least MIN_RELAY_FEE_RATE sat/vB, no dust outputs), and each
 * input's signature verifies. Inputs may spend P2WPKH (BIP-143 sighash, ECDSA) and P2TR
 * key-path (BIP-341 sighash, BIP-340 Schnorr) outputs only; anything else is refused by name.
 * A refusal is a TxRefusal with bitcoind's reject code and reason, followed by our words.
 */
import { secp256k1, schnorr } from '@noble/curves/secp256k1.js';
import { OutScript, Transaction } from '@scure/btc-signer';
import { equalBytes, hash160 } from '@scure/btc-signer/utils.js';
import { scriptType } from './network.js';
import type { DecodedTx, TxOutput } from './transaction.js';

/** sat/vB: Bitcoin Core's default minimum relay fee. */
export const MIN_RELAY_FEE_RATE = 1;
const MAX_MONEY = 21_000_000n * 100_000_000n;
/** Bitcoin Core's dust thresholds at its default dust relay fee (3 sat/vB). */
const DUST: Record<string, bigint> = { p2pkh: 546n, p2sh: 540n, v0_p2wpkh: 294n, v0_p2wsh: 330n, v1_p2tr: 330n };
const MAX_OP_RETURN = 83;
const ECDSA_SIGHASH = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83]);
const TAPROOT_SIGHASH = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83]);

/** A refused transaction: bitcoind's RPC error code and its reason. */
export class TxRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** What the validator asks of the chain. */
export interface ChainView {
  /** The output `vout` of a known transaction (in a block or the mempool), spent or not. */
  output(txid: string, vout: number): TxOutput | undefined;
  /** The txid of the transaction (in a block or the mempool) that spends it, if one does. */
  spender(txid: string, vout: number): string | undefined;
  /** Where a txid is: 'block', 'mempool', or undefined. */
  where(txid: string): 'block' | 'mempool' | undefined;
}

const refuse = (code: number, reason: string): never => {
  throw new TxRefusal(code, reason);
};

function checkOutputs(tx: DecodedTx): bigint {
  let total = 0n;
  tx.outputs.forEach((o, i) => {
    if (o.value < 0n || o.value > MAX_MONEY) refuse(-26, `bad-txns-vout-toolarge: output ${i} is over 21,000,000 BTC`);
    const type = scriptType(o.script);
    if (type === 'unknown')
      refuse(-26, `scriptpubkey: output ${i}'s script is not a standard one (P2PKH, P2SH, P2WPKH, P2WSH, P2TR or OP_RETURN)`);
    if (type === 'op_return' && o.script.length > MAX_OP_RETURN)
      refuse(-26, `scriptpubkey: output ${i}'s OP_RETURN script is over ${MAX_OP_RETURN} bytes`);
    const dust = DUST[type];
    if (dust !== undefined && o.value < dust)
      refuse(-26, `dust: output ${i} pays ${o.value} sats, under the dust limit of ${dust} sats for ${type}`);
    total += o.value;
  });
  if (total > MAX_MONEY) refuse(-26, 'bad-txns-txouttotal-toolarge: the outputs add up to over 21,000,000 BTC');
  return total;
}

function verifyInput(tx: DecodedTx, parsed: Transaction, i: number, prevouts: TxOutput[]): void {
  const input = tx.inputs[i]!;
  const prev = prevouts[i]!;
  const type = scriptType(prev.script);
  const where = `input ${i} (${input.txid}:${input.vout})`;
  if (input.scriptSig.length !== 0) refuse(-26, `scriptsig-not-pushonly: ${where} has a scriptSig; native segwit spends have none`);
  if (type === 'v0_p2wpkh') {
    if (input.witness.length !== 2)
      refuse(-26, `mandatory-script-verify-flag-failed: ${where} needs a witness of signature and public key (P2WPKH)`);
    const [sig, pub] = input.witness as [Uint8Array, Uint8Array];
    const program = OutScript.decode(prev.script) as { hash: Uint8Array };
    if (pub.length !== 33 || !equalBytes(hash160(pub), program.hash))
      refuse(-26, `mandatory-script-verify-flag-failed: ${where}'s public key does not match the P2WPKH output it spends`);
    const hashType = sig.at(-1) ?? 0;
    if (!ECDSA_SIGHASH.has(hashType))
      refuse(-26, `mandatory-script-verify-flag-failed: ${where}'s signature has an unknown sighash type ${hashType}`);
    const scriptCode = OutScript.encode({ type: 'pkh', hash: program.hash });
    const digest = parsed.preimageWitnessV0(i, scriptCode, hashType, prev.value);
    let ok = false;
    try {
      ok = secp256k1.verify(sig.subarray(0, -1), digest, pub, { prehash: false, format: 'der', lowS: false });
    } catch {
      ok = false;
    }
    if (!ok) refuse(-26, `mandatory-script-verify-flag-failed: ${where}'s signature does not verify (P2WPKH, BIP-143 sighash)`);
    return;
  }
  if (type === 'v1_p2tr') {
    if (input.witness.length !== 1)
      refuse(
        -26,
        `mandatory-script-verify-flag-failed: ${where} is not a P2TR key-path spend (one signature); script-path spends and annexes are not supported here`,
      );
    const sig = input.witness[0]!;
    if (sig.length !== 64 && !(sig.length === 65 && TAPROOT_SIGHASH.has(sig[64]!)))
      refuse(-26, `mandatory-script-verify-flag-failed: ${where}'s Schnorr signature is not 64 bytes (or 65 with a valid sighash type)`);
    const hashType = sig.length === 65 ? sig[64]! : 0;
    const outputKey = (OutScript.decode(prev.script) as { pubkey: Uint8Array }).pubkey;
    const digest = parsed.preimageWitnessV1(
      i,
      prevouts.map((p) => p.script),
      hashType,
      prevouts.map((p) => p.value),
    );
    let ok = false;
    try {
      ok = schnorr.verify(sig.subarray(0, 64), digest, outputKey);
    } catch {
      ok = false;
    }
    if (!ok) refuse(-26, `mandatory-script-verify-flag-failed: ${where}'s signature does not verify (P2TR key path, BIP-341 sighash)`);
    return;
  }
  refuse(-26, `unsupported input: ${where} spends a ${type} output; this development chain verifies P2WPKH and P2TR key-path spends only`);
}

/** Checks `tx` against the chain; returns its fee in sats, or throws a TxRefusal naming what is wrong. */
export function validateTx(tx: DecodedTx, chain: ChainView): bigint {
  if (tx.isCoinbase) refuse(-26, 'bad-tx-coinbase: a coinbase transaction cannot be sent');
  const known = chain.where(tx.txid);
  if (known === 'block') refuse(-27, `Transaction already in block chain: ${tx.txid}`);
  if (known === 'mempool') refuse(-26, `txn-already-in-mempool: ${tx.txid}`);
  const seen = new Set<string>();
  const prevouts = tx.inputs.map((input, i) => {
    const outpoint = `${input.txid}:${input.vout}`;
    if (seen.has(outpoint)) refuse(-26, `bad-txns-inputs-duplicate: input ${i} spends ${outpoint} a second time`);
    seen.add(outpoint);
    const prev = chain.output(input.txid, input.vout);
    if (!prev) refuse(-25, `bad-txns-inputs-missingorspent: input ${i} spends ${outpoint}, which does not exist`);
    const spender = chain.spender(input.txid, input.vout);
    if (spender) {
      if (chain.where(spender) === 'mempool')
        refuse(-26, `txn-mempool-conflict: input ${i} spends ${outpoint}, already spent by ${spender} in the mempool`);
      refuse(-25, `bad-txns-inputs-missingorspent: input ${i} spends ${outpoint}, already spent by ${spender}`);
    }
    return prev!;
  });
  const valueIn = prevouts.reduce((sum, p) => sum + p.value, 0n);
  const valueOut = checkOutputs(tx);
  if (valueOut > valueIn) refuse(-26, `bad-txns-in-belowout: the outputs pay ${valueOut} sats, more than the inputs' ${valueIn} sats`);
  const fee = valueIn - valueOut;
  const minFee = BigInt(tx.vsize * MIN_RELAY_FEE_RATE);
  if (fee < minFee)
    refuse(-26, `min relay fee not met: the fee is ${fee} sats, under ${minFee} sats (${MIN_RELAY_FEE_RATE} sat/vB of ${tx.vsize} vB)`);
  let parsed: Transaction;
  try {
    parsed = Transaction.fromRaw(new Uint8Array(Buffer.from(tx.hex, 'hex')), {
      allowUnknownOutputs: true,
      allowUnknownInputs: true,
      disableScriptCheck: true,
    });
  } catch (err) {
    return refuse(-22, `TX decode failed: ${(err as Error).message.split('\n')[0]}`);
  }
  for (let i = 0; i < tx.inputs.length; i++) verifyInput(tx, parsed, i, prevouts);
  return fee;
}
