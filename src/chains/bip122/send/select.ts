/**
 * Coin selection for a send: the account's confirmed coins first, largest first, then its
 * unconfirmed own change (the caller passes only coins it may spend), until they pay the amount
 * and the fee at the chosen rate. Change goes back to the payment address when it is at least the
 * dust limit of its type; smaller change is left to the fee (the output would cost more than it
 * holds). An amount under the receiver's dust limit is refused (AMOUNT_DUST); coins that cannot
 * pay the amount and the fee are INSUFFICIENT_FUNDS, naming what was needed and what there is.
 */
import type { OutputType, PaymentType } from './address.js';
import { BitcoinSendError } from './errors.js';
import { DUST_LIMIT, estimateVsize, feeFor } from './size.js';

export interface Coin {
  txid: string;
  vout: number;
  value: bigint;
  confirmed: boolean;
}

export interface SelectionRequest {
  coins: readonly Coin[];
  amount: bigint;
  /** sat/vB */
  feeRate: number;
  /** The payment address's type: its coins' inputs and the change output. */
  accountType: PaymentType;
  receiverType: OutputType;
}

export interface Selection {
  inputs: Coin[];
  /** Sats back to the payment address; 0n: no change output. */
  change: bigint;
  fee: bigint;
  /** The estimated vsize the fee pays for. */
  vsize: number;
}

/** Confirmed before unconfirmed, larger before smaller, then by outpoint (a stable order). */
export const coinOrder = (a: Coin, b: Coin): number =>
  Number(b.confirmed) - Number(a.confirmed) ||
  (b.value > a.value ? 1 : b.value < a.value ? -1 : 0) ||
  (a.txid < b.txid ? -1 : a.txid > b.txid ? 1 : a.vout - b.vout);

export function selectCoins({ coins, amount, feeRate, accountType, receiverType }: SelectionRequest): Selection {
  const dust = DUST_LIMIT[receiverType];
  if (amount < dust) {
    throw new BitcoinSendError('AMOUNT_DUST', `${amount} sats is under the dust limit of ${dust} sats for a ${receiverType} output`, {
      facts: { dustLimit: dust },
    });
  }
  const changeDust = DUST_LIMIT[accountType];
  const ordered = [...coins].filter((c) => c.value > 0n).sort(coinOrder);
  const inputs: Coin[] = [];
  let sum = 0n;
  for (const coin of ordered) {
    inputs.push(coin);
    sum += coin.value;
    const withChange = estimateVsize(accountType, inputs.length, [receiverType, accountType]);
    const feeWithChange = feeFor(withChange, feeRate);
    if (sum >= amount + feeWithChange + changeDust) {
      return { inputs, change: sum - amount - feeWithChange, fee: feeWithChange, vsize: withChange };
    }
    const without = estimateVsize(accountType, inputs.length, [receiverType]);
    if (sum >= amount + feeFor(without, feeRate)) return { inputs, change: 0n, fee: sum - amount, vsize: without };
  }
  const needed = amount + feeFor(estimateVsize(accountType, Math.max(1, ordered.length), [receiverType]), feeRate);
  throw new BitcoinSendError('INSUFFICIENT_FUNDS', `The account has ${sum} sats to spend; the amount and the fee need ${needed} sats`, {
    facts: { needed, available: sum },
  });
}
