/** Relative times and date groups in the active locale (src/core/relative-time.ts with `$locale`). */
import * as time from '../../core/relative-time.js';
import { $locale } from '../../stores/ui/locale.js';

export const relativeTime = (then: number, now: number): string => time.relativeTime(then, now, $locale.get());
export const dateGroup = (then: number, now: number): string => time.dateGroup(then, now, $locale.get());
