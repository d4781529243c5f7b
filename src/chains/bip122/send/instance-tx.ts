/**
 * The instance API's Bitcoin transaction, `modal.sendTransaction({ to, value }, { namespace:
 * 'bip122' })`, checked before anything is read or asked: an object with exactly `to` (a Bitcoin
 * address, a string) and `value` (sats as a bigint, or BTC as a decimal string). Each refusal's
 * code says which field is wrong (ADDRESS_* for `to`, AMOUNT_* for `value`, FIELD_UNKNOWN for
 * another one, TRANSACTION_INVALID for what is no object), its message names the field, and
 * `facts.field` holds it.
 */
import { parseAmount } from './amount.js';
import { BitcoinSendError, isBitcoinSendError } from './errors.js';

export const TX_FIELDS = ['to', 'value'] as const;
const MAX_SHOWN = 40;

const describe = (value: unknown) =>
  typeof value === 'string' ? JSON.stringify(value.slice(0, MAX_SHOWN)) : value === null ? 'null' : `a ${typeof value}`;

export interface InstanceTransaction {
  to: string;
  /** Sats as a bigint, or BTC as a decimal string (checked: parseAmount takes it). */
  value: bigint | string;
}

export function parseInstanceTransaction(tx: unknown): InstanceTransaction {
  if (typeof tx !== 'object' || tx === null || Array.isArray(tx)) {
    throw new BitcoinSendError('TRANSACTION_INVALID', `A Bitcoin transaction is an object { to, value }, not ${describe(tx)}`);
  }
  const record = tx as Record<string, unknown>;
  const unknown = Object.keys(record).find((key) => !(TX_FIELDS as readonly string[]).includes(key));
  if (unknown !== undefined) {
    throw new BitcoinSendError(
      'FIELD_UNKNOWN',
      `"${unknown.slice(0, MAX_SHOWN)}" is not a field of a Bitcoin transaction: it has only { to, value }`,
      { facts: { field: unknown.slice(0, MAX_SHOWN) } },
    );
  }
  const { to, value } = record;
  if (typeof to !== 'string') {
    const what = to === undefined ? 'is missing' : `must be a Bitcoin address as a string, not ${describe(to)}`;
    throw new BitcoinSendError('ADDRESS_INVALID', `"to" ${what}`, { facts: { field: 'to' } });
  }
  if (typeof value !== 'bigint' && typeof value !== 'string') {
    const what = value === undefined ? 'is missing' : `must be sats as a bigint or BTC as a decimal string, not ${describe(value)}`;
    throw new BitcoinSendError('AMOUNT_INVALID', `"value" ${what}`, { facts: { field: 'value' } });
  }
  try {
    parseAmount(value);
  } catch (err) {
    if (!isBitcoinSendError(err)) throw err;
    throw new BitcoinSendError(err.code, `"value": ${err.message}`, { facts: { ...err.facts, field: 'value' }, cause: err });
  }
  return { to, value };
}
