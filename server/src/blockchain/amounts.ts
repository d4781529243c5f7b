/** Amounts on the wire: decimal strings of the human amount, and USD values as numbers. */
import { formatUnits } from 'viem';

/** `999500000n`, 6 -> `"999.5"`. */
export function numeric(amount: bigint, decimals: number): string {
  return formatUnits(amount, decimals);
}

/** USD value of a human amount at a price, rounded to 8 decimals. */
export function usdValue(numericAmount: string, price: number): number {
  const value = Number(numericAmount) * price;
  return Number.isFinite(value) ? Math.round(value * 1e8) / 1e8 : 0;
}
