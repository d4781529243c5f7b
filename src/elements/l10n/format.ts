/**
 * Numbers and fiat in the active locale: src/core/format.ts with `$locale` (W3Element
 * re-renders on a locale change, so these follow it).
 */
import * as format from '../../core/format.js';
import { $locale } from '../../stores/ui/locale.js';

export const formatAmount = (value: string | number | undefined, options: { decimals?: number } = {}): string =>
  format.formatAmount(value, { ...options, locale: $locale.get() });
export const formatBalance = (value: string | number | undefined): string => format.formatBalance(value, $locale.get());
export const formatFiat = (value: number | undefined, currency?: string): string => format.formatFiat(value, currency, $locale.get());
