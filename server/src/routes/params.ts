/**
 * Reading query parameters: each helper returns the value or throws a 400 HttpError whose
 * message names the parameter, e.g. `Invalid query parameter 'entries': must be an integer from 1 to 100`.
 */
import { HttpError } from '../errors.js';

export type Query = Record<string, string | string[] | undefined>;

export function invalidParam(name: string, rule: string): HttpError {
  return new HttpError(400, `Invalid query parameter '${name}': ${rule}`, name);
}

/** The parameter's value; undefined when absent, a 400 when it is given more than once. */
export function single(query: Query, name: string): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) throw invalidParam(name, 'must be given once');
  return value;
}

/** An integer in [min, max]; absent or empty gives `fallback`. */
export function intParam(query: Query, name: string, min: number, max: number, fallback: number): number {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw invalidParam(name, `must be an integer from ${min} to ${max}`);
  return value;
}

/** A comma list whose items match `pattern`; absent or empty gives undefined. Empty items are dropped, duplicates merged. */
export function listParam(query: Query, name: string, pattern: RegExp, max: number, what: string): string[] | undefined {
  const raw = single(query, name);
  if (raw === undefined || raw.trim() === '') return undefined;
  const items = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (items.length > max) throw invalidParam(name, `must be a comma list of at most ${max} ${what}`);
  const bad = items.find((item) => !pattern.test(item));
  if (bad !== undefined) throw invalidParam(name, `${JSON.stringify(bad.slice(0, 80))} is not a valid ${what.replace(/s$/, '')}`);
  return items;
}

/** One of `values`; absent or empty gives undefined. */
export function enumParam<T extends string>(query: Query, name: string, values: readonly T[]): T | undefined {
  const raw = single(query, name);
  if (raw === undefined || raw === '') return undefined;
  if (!(values as readonly string[]).includes(raw)) throw invalidParam(name, `must be one of ${values.map((v) => `'${v}'`).join(', ')}`);
  return raw as T;
}

/** A string of at most `max` characters; absent gives undefined. */
export function stringParam(query: Query, name: string, max: number): string | undefined {
  const raw = single(query, name);
  if (raw === undefined) return undefined;
  if (raw.length > max) throw invalidParam(name, `must be at most ${max} characters`);
  return raw;
}
