import { describe, expect, it } from 'vitest';
import {
  INVALID_INPUT,
  array,
  boolean,
  custom,
  looseObject,
  minLength,
  number,
  object,
  oneOf,
  optional,
  partialRecord,
  record,
  refine,
  regex,
  safeParse,
  string,
  union,
  type Schema,
} from './schema.js';

/** The first issue of a failing parse, as [path, message]. */
function issueOf(schema: Schema<unknown>, value: unknown): [PropertyKey[], string] {
  const result = safeParse(schema, value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to fail`);
  return [result.issue.path, result.issue.message];
}

function dataOf<T>(schema: Schema<T>, value: unknown): T {
  const result = safeParse(schema, value);
  if (!result.success) throw new Error(`expected a success, got ${result.issue.message} at ${result.issue.path.join('.')}`);
  return result.data;
}

describe('primitives', () => {
  it('string, number and boolean accept their type only', () => {
    expect(dataOf(string(), '')).toBe('');
    expect(dataOf(number(), -1.5)).toBe(-1.5);
    expect(dataOf(boolean(), false)).toBe(false);
    expect(issueOf(string(), 1)).toEqual([[], INVALID_INPUT]);
    expect(issueOf(boolean(), 'true')).toEqual([[], 'Invalid input']);
    for (const bad of [NaN, Infinity, -Infinity, '1', null]) expect(issueOf(number(), bad)).toEqual([[], INVALID_INPUT]);
  });

  it('oneOf accepts the listed values only, by identity', () => {
    const mode = oneOf(['light', 'dark', false]);
    expect(dataOf(mode, 'dark')).toBe('dark');
    expect(dataOf(mode, false)).toBe(false);
    expect(issueOf(mode, 'Dark')).toEqual([[], INVALID_INPUT]);
    expect(issueOf(mode, 0)).toEqual([[], INVALID_INPUT]);
  });

  it('custom fails with its own message', () => {
    const even = custom<number>((v) => typeof v === 'number' && v % 2 === 0, 'must be even');
    expect(dataOf(even, 4)).toBe(4);
    expect(issueOf(even, 3)).toEqual([[], 'must be even']);
    expect(
      issueOf(
        custom(() => false),
        3,
      ),
    ).toEqual([[], INVALID_INPUT]);
  });

  it('lets an error thrown by a check through instead of turning it into an issue', () => {
    const boom = string().check(
      refine(() => {
        throw new RangeError('boom');
      }),
    );
    expect(() => safeParse(boom, 'x')).toThrow(RangeError);
  });
});

describe('checks', () => {
  it('run in order on a value of the right type; the first failing one is the issue', () => {
    const name = string().check(minLength(1, 'required'), regex(/^[a-z]+$/, 'lower case only'));
    expect(dataOf(name, 'abc')).toBe('abc');
    expect(issueOf(name, '')).toEqual([[], 'required']);
    expect(issueOf(name, 'ABC')).toEqual([[], 'lower case only']);
  });

  it('do not run when the type fails', () => {
    let ran = false;
    const s = string().check(
      refine(() => {
        ran = true;
        return false;
      }, 'refined'),
    );
    expect(issueOf(s, 5)).toEqual([[], INVALID_INPUT]);
    expect(ran).toBe(false);
  });

  it('report at the path they name, under the value', () => {
    const pair = object({ a: number(), b: number() }).check(refine((p) => p.a < p.b, 'a must be below b', ['b']));
    expect(issueOf(object({ pair }), { pair: { a: 2, b: 1 } })).toEqual([['pair', 'b'], 'a must be below b']);
  });

  it('see the parsed value (unknown keys already dropped)', () => {
    const keys = object({ a: number() }).check(refine((o) => Object.keys(o).length === 1, 'extra key'));
    expect(dataOf(keys, { a: 1, b: 2 })).toEqual({ a: 1 });
  });
});

describe('array', () => {
  it('parses every element and names the index of the first bad one', () => {
    expect(dataOf(array(string()), ['a', 'b'])).toEqual(['a', 'b']);
    expect(issueOf(array(string()), ['a', 1, 2])).toEqual([[1], INVALID_INPUT]);
    expect(issueOf(array(string()), 'a')).toEqual([[], INVALID_INPUT]);
  });

  it('reads a hole as undefined', () => {
    // eslint-disable-next-line no-sparse-arrays
    expect(issueOf(array(string()), ['a', , 'c'])).toEqual([[1], INVALID_INPUT]);
    // eslint-disable-next-line no-sparse-arrays
    expect(dataOf(array(optional(string())), [, 'b'])).toEqual([undefined, 'b']);
  });

  it('returns a new array', () => {
    const input = ['a'];
    expect(dataOf(array(string()), input)).not.toBe(input);
  });
});

describe('object', () => {
  const person = object({ name: string(), age: optional(number()) });

  it('takes any non-array object and returns the shape keys only', () => {
    expect(dataOf(person, { name: 'a', age: 3, extra: true })).toEqual({ name: 'a', age: 3 });
    expect(Object.keys(dataOf(person, { age: 3, name: 'a' }))).toEqual(['name', 'age']);
    expect(dataOf(person, Object.assign(new Date(0), { name: 'd' }))).toEqual({ name: 'd' });
    for (const bad of [null, [], 'a', 1]) expect(issueOf(person, bad)).toEqual([[], INVALID_INPUT]);
  });

  it('leaves an absent optional key absent and keeps one present as undefined', () => {
    expect('age' in dataOf(person, { name: 'a' })).toBe(false);
    const out = dataOf(person, { name: 'a', age: undefined });
    expect('age' in out).toBe(true);
    expect(out.age).toBeUndefined();
  });

  it('names the missing or bad key, the first in shape order', () => {
    expect(issueOf(person, {})).toEqual([['name'], INVALID_INPUT]);
    expect(issueOf(person, { age: 'x', name: 1 })).toEqual([['name'], INVALID_INPUT]);
    expect(issueOf(person, { name: 'a', age: 'x' })).toEqual([['age'], INVALID_INPUT]);
  });

  it('fails a required key that is absent even when its schema would take undefined', () => {
    const anything = object({ x: custom(() => true) });
    expect(issueOf(anything, {})).toEqual([['x'], INVALID_INPUT]);
    expect(dataOf(anything, { x: undefined })).toEqual({ x: undefined });
  });

  it('reads keys through the prototype chain', () => {
    const input = Object.create({ name: 'inherited' }) as object;
    expect(dataOf(person, input)).toEqual({ name: 'inherited' });
  });

  it('looseObject keeps the other enumerable keys, after the shape keys', () => {
    const loose = looseObject({ id: string() });
    const out = dataOf(loose, { extra: 1, id: 'a', fn: Math.max });
    expect(out).toEqual({ id: 'a', extra: 1, fn: Math.max });
    expect(Object.keys(out)).toEqual(['id', 'extra', 'fn']);
    expect(issueOf(loose, { id: 1 })).toEqual([['id'], INVALID_INPUT]);
  });
});

describe('record', () => {
  const vars = record((key) => typeof key === 'string' && key.startsWith('--'), union(string(), number()));

  it('takes plain objects whose keys and values pass', () => {
    expect(dataOf(vars, { '--a': 'x', '--b': 2 })).toEqual({ '--a': 'x', '--b': 2 });
    expect(dataOf(vars, Object.create(null))).toEqual({});
    for (const bad of [new Date(0), [], null, 'a']) expect(issueOf(vars, bad)).toEqual([[], INVALID_INPUT]);
  });

  it('fails a bad key at that key, and a bad value under its key, the first in key order', () => {
    expect(issueOf(vars, { '--a': 1, b: 2 })).toEqual([['b'], INVALID_INPUT]);
    expect(issueOf(vars, { '--a': true, b: 2 })).toEqual([['--a'], INVALID_INPUT]);
  });

  it('walks own enumerable keys only, symbols included', () => {
    const input = Object.create({ '--inherited': true }) as Record<string, unknown>;
    Object.defineProperty(input, 'hidden', { value: 1, enumerable: false });
    expect(dataOf(vars, input)).toEqual({});
    const sym = Symbol('s');
    expect(issueOf(vars, { [sym]: 1 })).toEqual([[sym], INVALID_INPUT]);
  });

  it('partialRecord fails an unknown key at the record, after the known keys are checked', () => {
    const types = partialRecord(['eip155', 'solana'], oneOf(['eoa', 'payment']));
    expect(dataOf(types, { solana: 'eoa' })).toEqual({ solana: 'eoa' });
    expect(issueOf(types, { tron: 'eoa' })).toEqual([[], INVALID_INPUT]);
    expect(issueOf(types, { tron: 'eoa', eip155: 'multisig' })).toEqual([['eip155'], INVALID_INPUT]);
  });
});

describe('union', () => {
  it('returns the first option that parses, else fails at the union', () => {
    const id = union(number(), string().check(minLength(1, 'empty')));
    expect(dataOf(id, 1)).toBe(1);
    expect(dataOf(id, 'a')).toBe('a');
    expect(issueOf(id, '')).toEqual([[], INVALID_INPUT]);
    expect(issueOf(object({ id }), { id: true })).toEqual([['id'], INVALID_INPUT]);
  });

  it('reports at the union, not inside an option', () => {
    const socials = union(oneOf([false]), array(oneOf(['google'])));
    expect(dataOf(socials, false)).toBe(false);
    expect(issueOf(object({ socials }), { socials: ['myspace'] })).toEqual([['socials'], INVALID_INPUT]);
  });
});

describe('optional', () => {
  it('takes undefined, else the inner schema', () => {
    expect(dataOf(optional(string()), undefined)).toBeUndefined();
    expect(issueOf(optional(string()), null)).toEqual([[], INVALID_INPUT]);
  });
});
