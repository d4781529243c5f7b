/** Types for swap.mjs (a plain Node ESM module), for the end-to-end test that runs the measure. */
import type { Page } from 'playwright-core';

export const SWAP_AMOUNT: string;
export function armQuoteTimer(options: { digits: number }): void;
export const amountTypedToQuote: {
  id: 'amountTypedToQuote';
  run(context: { page: Page; guard: <T>(promise: Promise<T>) => Promise<T>; click: string }): Promise<number>;
};
