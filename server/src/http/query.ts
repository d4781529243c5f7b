/**
 * Query parameter schemas. Every parameter is given at most once (a repeated one is refused:
 * `must be given once`); an empty value counts as absent where a default applies. Each schema's
 * message is the rule, which the validator puts after `Invalid query parameter '<name>': `.
 */
import * as z from 'zod';

/** One value of a query parameter (a string; a parameter given twice arrives as an array). */
export const queryValue = () => z.string({ error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : 'must be a string') });

/** An integer in [min, max]; absent or empty gives `fallback`. */
export function intParam(min: number, max: number, fallback: number) {
  const rule = `must be an integer from ${min} to ${max}`;
  return queryValue()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return fallback;
      const value = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
      if (Number.isSafeInteger(value) && value >= min && value <= max) return value;
      ctx.issues.push({ code: 'custom', message: rule, input: raw });
      return z.NEVER;
    });
}

/** A comma list whose items match `pattern`; absent or empty gives undefined. Empty items are dropped, duplicates merged. */
export function listParam(pattern: RegExp, max: number, what: string) {
  return queryValue()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw.trim() === '') return undefined;
      const items = [
        ...new Set(
          raw
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      const bad = items.find((item) => !pattern.test(item));
      if (items.length > max) ctx.issues.push({ code: 'custom', message: `must be a comma list of at most ${max} ${what}`, input: raw });
      else if (bad !== undefined)
        ctx.issues.push({
          code: 'custom',
          message: `${JSON.stringify(bad.slice(0, 80))} is not a valid ${what.replace(/s$/, '')}`,
          input: raw,
        });
      else return items;
      return z.NEVER;
    });
}

/** One of `values`; absent or empty gives undefined. */
export function enumParam<const T extends string>(values: readonly T[]) {
  const rule = `must be one of ${values.map((v) => `'${v}'`).join(', ')}`;
  return queryValue()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return undefined;
      if ((values as readonly string[]).includes(raw)) return raw as T;
      ctx.issues.push({ code: 'custom', message: rule, input: raw });
      return z.NEVER;
    });
}

/** A string of at most `max` characters; absent gives undefined. */
export const stringParam = (max: number) => queryValue().max(max, `must be at most ${max} characters`).optional();

/** A string matching `pattern` (`rule` says how), lower-cased; absent or empty gives undefined. */
export function patternParam(pattern: RegExp, rule: string, { lowerCase = false } = {}) {
  return queryValue()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return undefined;
      if (pattern.test(raw)) return lowerCase ? raw.toLowerCase() : raw;
      ctx.issues.push({ code: 'custom', message: rule, input: raw });
      return z.NEVER;
    });
}
