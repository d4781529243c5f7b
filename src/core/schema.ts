/**
 * A small schema validator for what the first chunk has to check synchronously: the
 * createW3Modal options (DESIGN.md, "Public contract") and the values kept in localStorage
 * (spec section 3, "Stored locally"). Lazily loaded code (API replies, frame messages) keeps
 * zod; this module spares the first chunk zod's runtime (DESIGN.md, "Budgets").
 *
 * It follows zod's rules for the parts it has, so paths and messages stay the ones zod gave:
 * - the first issue wins, depth first in the shape's key order; a value that fails its type
 *   gets no further checks, and the checks run in order on the parsed value;
 * - an issue's message is 'Invalid input' unless a check gives its own;
 * - objects take any non-array object, read keys through the prototype chain (`key in value`),
 *   and return a new object of the shape's keys (an absent optional key stays absent);
 *   `looseObject` copies the other enumerable keys too;
 * - records take plain objects only and walk their own enumerable keys; a bad key fails at
 *   that key, except in `partialRecord`, where an unknown key fails at the record once every
 *   known key's value has passed;
 * - a union tries its options in order and fails with 'Invalid input' at the union (zod
 *   reports one option's issues instead when only that option got past its type, which for
 *   the unions here is the same path and message).
 */
export interface Issue {
  path: PropertyKey[];
  message: string;
}

type Parse<T> = (value: unknown, path: readonly PropertyKey[]) => T;
/** Parses `value` (found at `path`) and returns the output, or throws a SchemaIssue. */
export interface Schema<T> extends Parse<T> {
  /** The same schema, then these checks in order on its output; the first failing one is the issue. */
  check(...checks: Check<T>[]): Schema<T>;
}
/** A schema whose key may be absent from an object. */
export type Optional<T> = Schema<T | undefined> & { optional: true };
export type Infer<S> = S extends Schema<infer T> ? T : never;
export interface Check<T> {
  test: (value: T) => boolean;
  message: string;
  path: PropertyKey[];
}

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends { optional: true } ? K : never }[keyof S];
type Flat<T> = { [K in keyof T]: T[K] } & {};
export type ObjectOf<S extends Shape> = Flat<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> }
>;

export const INVALID_INPUT = 'Invalid input';

class SchemaIssue extends Error implements Issue {
  constructor(
    readonly path: PropertyKey[],
    message: string,
  ) {
    super(message);
  }
}

function fail(path: readonly PropertyKey[], message = INVALID_INPUT): never {
  throw new SchemaIssue([...path], message);
}

/** Runs a schema; the first issue comes back instead of being thrown. */
export function safeParse<S extends Schema<unknown>>(
  schema: S,
  value: unknown,
): { success: true; data: Infer<S> } | { success: false; issue: Issue } {
  try {
    return { success: true, data: schema(value, []) as Infer<S> };
  } catch (err) {
    if (err instanceof SchemaIssue) return { success: false, issue: { path: err.path, message: err.message } };
    throw err;
  }
}

function schema<T>(parse: Parse<T>): Schema<T> {
  return Object.assign(parse, {
    check: (...checks: Check<T>[]) =>
      schema<T>((value, path) => {
        const out = parse(value, path);
        for (const { test, message, path: at } of checks) if (!test(out)) fail([...path, ...at], message);
        return out;
      }),
  });
}

const is = <T>(test: (value: unknown) => boolean, message?: string): Schema<T> =>
  schema((value, path) => (test(value) ? (value as T) : fail(path, message)));

export const string = (): Schema<string> => is((v) => typeof v === 'string');
/** A finite number (not NaN, not ±Infinity). */
export const number = (): Schema<number> => is(Number.isFinite);
export const boolean = (): Schema<boolean> => is((v) => typeof v === 'boolean');
/** One of the given values (zod's `enum` and `literal`). */
export const oneOf = <const T extends readonly (string | number | boolean)[]>(values: T): Schema<T[number]> =>
  is((v) => values.includes(v as T[number]));
/** A value `test` accepts; fails with `message`. */
export const custom: <T>(test: (value: unknown) => boolean, message?: string) => Schema<T> = is;

export const optional = <T>(inner: Schema<T>): Optional<T> =>
  Object.assign(
    schema((value, path) => (value === undefined ? undefined : inner(value, path))),
    { optional: true as const },
  );

export const refine = <T>(test: (value: T) => boolean, message = INVALID_INPUT, path: PropertyKey[] = []): Check<T> => ({
  test,
  message,
  path,
});
export const minLength = (min: number, message?: string): Check<{ length: number }> => refine((v) => v.length >= min, message);
export const regex = (pattern: RegExp, message?: string): Check<string> => refine((v) => pattern.test(v), message);

export const array = <T>(element: Schema<T>): Schema<T[]> =>
  schema((value, path) => {
    if (!Array.isArray(value)) fail(path);
    const out: T[] = [];
    // Indexes, not map(): a hole is read as undefined, as zod reads it.
    for (let i = 0; i < value.length; i++) out.push(element(value[i], [...path, i]));
    return out;
  });

type Dict = Record<PropertyKey, unknown>;
const isObject = (value: unknown): value is Dict => typeof value === 'object' && value !== null && !Array.isArray(value);

function shaped<S extends Shape>(shape: S, loose: boolean): Schema<ObjectOf<S>> {
  const keys = Object.keys(shape);
  return schema((value, path) => {
    if (!isObject(value)) fail(path);
    const out: Dict = {};
    for (const key of keys) {
      const schema = shape[key] as Schema<unknown> & { optional?: true };
      const parsed = schema(value[key], [...path, key]);
      if (key in value) out[key] = parsed;
      else if (!schema.optional) fail([...path, key]);
    }
    if (loose) for (const key in value) if (!keys.includes(key) && key !== '__proto__') out[key] = value[key];
    return out as ObjectOf<S>;
  });
}

/** An object of the shape's keys; other keys are dropped. */
export const object = <S extends Shape>(shape: S): Schema<ObjectOf<S>> => shaped(shape, false);
/** An object of the shape's keys; other enumerable keys are kept as they are. */
export const looseObject = <S extends Shape>(shape: S): Schema<ObjectOf<S> & Dict> => shaped(shape, true) as Schema<ObjectOf<S> & Dict>;

function isPlainObject(value: unknown): value is Dict {
  if (!isObject(value)) return false;
  const ctor: unknown = value.constructor;
  if (typeof ctor !== 'function') return true;
  const proto: unknown = ctor.prototype;
  return isObject(proto) && Object.prototype.hasOwnProperty.call(proto, 'isPrototypeOf');
}

function entries<K extends PropertyKey, V>(
  isKey: (key: PropertyKey) => boolean,
  value: Schema<V>,
  partial: boolean,
): Schema<Partial<Record<K, V>>> {
  return schema((input, path) => {
    if (!isPlainObject(input)) fail(path);
    const out: Dict = {};
    let unknownKey = false;
    for (const key of Reflect.ownKeys(input)) {
      if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(input, key)) continue;
      if (!isKey(key)) {
        if (!partial) fail([...path, key]);
        unknownKey = true;
        continue;
      }
      out[key] = value(input[key], [...path, key]);
    }
    if (unknownKey) fail(path);
    return out as Partial<Record<K, V>>;
  });
}

/** A plain object whose every key passes `isKey` (a bad key fails at that key) and every value `value`. */
export const record = <V>(isKey: (key: PropertyKey) => boolean, value: Schema<V>): Schema<Record<string, V>> =>
  entries(isKey, value, false) as Schema<Record<string, V>>;

/** A plain object keyed by some of `keys` (a list, or a test of the key); an unknown key fails at the record. */
export const partialRecord = <const K extends string, V>(
  keys: readonly K[] | ((key: unknown) => boolean),
  value: Schema<V>,
): Schema<Partial<Record<K, V>>> => entries(typeof keys === 'function' ? keys : (key) => keys.includes(key as K), value, true);

/** The first option that parses; 'Invalid input' at the union when none does. */
export const union = <T extends Schema<unknown>[]>(...options: T): Schema<Infer<T[number]>> =>
  schema((value, path) => {
    for (const option of options) {
      try {
        return option(value, path) as Infer<T[number]>;
      } catch (err) {
        if (!(err instanceof SchemaIssue)) throw err;
      }
    }
    return fail(path);
  });
