/** Relative-time labels, abbreviated (spec section 9: '5 min', '2 hrs'), and date group titles. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How long ago `then` was: 'now', '5 min', '1 hr', '2 hrs', '3 days', '2 wks', '4 mos', '1 yr'. */
export function relativeTime(then: number, now: number): string {
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return 'now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min`;
  if (ago < DAY) return plural(Math.floor(ago / HOUR), 'hr', 'hrs');
  if (ago < 7 * DAY) return plural(Math.floor(ago / DAY), 'day', 'days');
  if (ago < 30 * DAY) return plural(Math.floor(ago / (7 * DAY)), 'wk', 'wks');
  if (ago < 365 * DAY) return plural(Math.floor(ago / (30 * DAY)), 'mo', 'mos');
  return plural(Math.floor(ago / (365 * DAY)), 'yr', 'yrs');
}

/** The title of a date group in local time: 'Today', 'Yesterday', or e.g. 'March 3, 2025'. */
export function dateGroup(then: number, now: number): string {
  const day = (t: number) => new Date(t).toDateString();
  if (day(then) === day(now)) return 'Today';
  if (day(then) === day(now - DAY)) return 'Yesterday';
  return new Date(then).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
