/**
 * Numbers, fiat and times in the active locale: src/core/format.ts and relative-time.ts with
 * `$locale` (W3Element re-renders on a locale change, so these follow it).
 */
import * as format from '../../core/format.js';
import * as time from '../../core/relative-time.js';
import { $locale } from '../../stores/locale.js';

export const formatAmount = (value: string | number | undefined, options: { decimals?: number } = {}): string =>
  format.formatAmount(value, { ...options, locale: $locale.get() });
export const formatBalance = (value: string | number | undefined): string => format.formatBalance(value, $locale.get());
export const formatFiat = (value: number | undefined, currency?: string): string => format.formatFiat(value, currency, $locale.get());
export const relativeTime = (then: number, now: number): string => time.relativeTime(then, now, $locale.get());
export const dateGroup = (then: number, now: number): string => time.dateGroup(then, now, $locale.get());
