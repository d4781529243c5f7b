/**
 * Relative-time labels and date group titles in a locale. English keeps the spec's abbreviations
 * (spec section 9: '5 min', '2 hrs'); the other locales take Intl.RelativeTimeFormat's short
 * style (de 'vor 5 Min.', ja '5 分前'). Date groups: Intl's 'today' and 'yesterday' (capitalized),
 * then the date.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The largest unit of `ago` (ms, at least a minute) and how many of it. */
function largestUnit(ago: number): [number, Intl.RelativeTimeFormatUnit] {
  if (ago < HOUR) return [Math.floor(ago / MINUTE), 'minute'];
  if (ago < DAY) return [Math.floor(ago / HOUR), 'hour'];
  if (ago < 7 * DAY) return [Math.floor(ago / DAY), 'day'];
  if (ago < 30 * DAY) return [Math.floor(ago / (7 * DAY)), 'week'];
  if (ago < 365 * DAY) return [Math.floor(ago / (30 * DAY)), 'month'];
  return [Math.floor(ago / (365 * DAY)), 'year'];
}

const EN_UNITS: Partial<Record<Intl.RelativeTimeFormatUnit, [string, string]>> = {
  minute: ['min', 'min'],
  hour: ['hr', 'hrs'],
  day: ['day', 'days'],
  week: ['wk', 'wks'],
  month: ['mo', 'mos'],
  year: ['yr', 'yrs'],
};

/** How long ago `then` was: en 'now', '5 min', '1 hr', '2 hrs', '3 days', '2 wks', '4 mos', '1 yr'; other locales through Intl. */
export function relativeTime(then: number, now: number, locale = 'en'): string {
  const ago = Math.max(0, now - then);
  // English keeps the spec's own abbreviations; every other locale speaks Intl's.
  const intl = locale !== 'en' && !locale.startsWith('en-');
  if (ago < MINUTE) return intl ? new Intl.RelativeTimeFormat(locale, { style: 'short', numeric: 'auto' }).format(0, 'second') : 'now';
  const [count, unit] = largestUnit(ago);
  if (intl) return new Intl.RelativeTimeFormat(locale, { style: 'short' }).format(-count, unit);
  const [one, many] = EN_UNITS[unit] ?? [unit, unit];
  return plural(count, one, many);
}

const capitalize = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

/** The title of a date group in local time: 'Today', 'Yesterday', or e.g. 'March 3, 2025', in `locale`. */
export function dateGroup(then: number, now: number, locale = 'en'): string {
  const day = (t: number) => new Date(t).toDateString();
  const days = day(then) === day(now) ? 0 : day(then) === day(now - DAY) ? -1 : undefined;
  if (days !== undefined) return capitalize(new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(days, 'day'), locale);
  return new Date(then).toLocaleDateString(locale === 'en' ? 'en-US' : locale, { year: 'numeric', month: 'long', day: 'numeric' });
}
