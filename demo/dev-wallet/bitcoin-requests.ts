/**
 * What the Dev Wallet's prompt shows for a Bitcoin request: connect (the payment and ordinals
 * addresses), the message to sign (as text when it is UTF-8, else hex), and for a PSBT each
 * output (its address, or OP_RETURN, and its amount in BTC), the inputs it signs and the fee when
 * every input says its amount.
 */
import { Address, OutScript, Transaction, TEST_NETWORK } from '@scure/btc-signer';
import { short, type Described, type Row } from './prompt.js';

const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' };

/** A Bitcoin request as the Dev Wallet's Bitcoin half receives it. */
export interface BitcoinRequest {
  feature: string;
  inputs: readonly unknown[];
}

/** Sats as BTC, a plain decimal string. */
export function formatBtc(sats: bigint): string {
  const text = sats.toString().padStart(9, '0');
  const fraction = text.slice(-8).replace(/0+$/, '');
  return `${text.slice(0, -8)}${fraction ? `.${fraction}` : ''} BTC`;
}

function outputAddress(script: Uint8Array): string {
  if (script[0] === 0x6a) return 'OP_RETURN';
  try {
    return Address(REGTEST).encode(OutScript.decode(script));
  } catch {
    return 'a script';
  }
}

/** The PSBT's outputs, the inputs to sign and the fee, in words. */
export function describePsbt(bytes: unknown, signing: number[]): Row[] {
  if (!(bytes instanceof Uint8Array)) return [['Transaction', 'a transaction']];
  let tx: Transaction;
  try {
    tx = Transaction.fromPSBT(bytes);
  } catch {
    return [['Transaction', 'a transaction (unreadable)']];
  }
  const rows: Row[] = [];
  let out = 0n;
  for (let i = 0; i < tx.outputsLength; i++) {
    const o = tx.getOutput(i);
    if (!o.script || o.amount === undefined) continue;
    out += o.amount;
    rows.push(['Output', `${formatBtc(o.amount)} to ${outputAddress(o.script)}`]);
  }
  let inputs = 0n;
  let known = true;
  for (let i = 0; i < tx.inputsLength; i++) {
    const amount = tx.getInput(i).witnessUtxo?.amount;
    if (amount === undefined) known = false;
    else inputs += amount;
  }
  rows.push(['Signs inputs', signing.length > 0 ? signing.join(', ') : 'none']);
  if (known && tx.inputsLength > 0) rows.push(['Network fee', formatBtc(inputs - out)]);
  return rows;
}

/** The message as text when it is UTF-8, else as hex. */
export function describeBitcoinMessage(bytes: unknown): string {
  if (!(bytes instanceof Uint8Array)) return short(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `0x${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
  }
}

export function describeBitcoinRequest(request: BitcoinRequest, addresses: readonly string[], chain: string): Described {
  const input = (request.inputs[0] ?? {}) as {
    message?: unknown;
    psbt?: unknown;
    account?: { address?: unknown };
    inputsToSign?: { signingIndexes?: unknown }[];
    chain?: unknown;
  };
  const network: Row = ['Network', typeof input.chain === 'string' ? input.chain : chain];
  switch (request.feature) {
    case 'bitcoin:connect':
      return { title: 'Connect to this site?', rows: [['Payment', addresses[0] ?? '?'], ['Ordinals', addresses[1] ?? '-'], network] };
    case 'bitcoin:signMessage':
      return {
        title: 'Sign message',
        rows: [['Account', typeof input.account?.address === 'string' ? input.account.address : '?'], network, ['Signature', 'BIP-322']],
        block: { label: 'Message', text: short(describeBitcoinMessage(input.message)) },
      };
    case 'bitcoin:signTransaction': {
      const signing = (input.inputsToSign ?? []).flatMap((i) =>
        Array.isArray(i?.signingIndexes) ? i.signingIndexes.filter((n): n is number => Number.isInteger(n)) : [],
      );
      return { title: 'Sign transaction', rows: [network, ...describePsbt(input.psbt, signing)] };
    }
    default:
      return { title: request.feature, rows: [network] };
  }
}
