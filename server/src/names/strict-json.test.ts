/** The strict JSON check of signed messages: each key of each object once, `__proto__` never. */
import { describe, expect, it } from 'vitest';
import { repeatedJsonKey } from './strict-json.js';

describe('repeatedJsonKey', () => {
  it('finds a key twice in one object, at any depth', () => {
    expect(repeatedJsonKey('{"name":"a","name":"b"}')).toBe('name');
    expect(repeatedJsonKey('{"a":{"x":1,"y":[{"z":1},{"z":2}],"x":2}}')).toBe('x');
    expect(repeatedJsonKey('{"n\\u0061me":"a","name":"b"}')).toBe('name');
    expect(repeatedJsonKey('{"a":{"__proto__":1}}')).toBe('__proto__');
  });

  it('passes keys that repeat only across objects, and keys or values with quotes, commas and braces', () => {
    expect(repeatedJsonKey('{"a":{"k":1},"b":{"k":2},"c":[{"k":3},{"k":4}]}')).toBeUndefined();
    expect(repeatedJsonKey('{"name":"x\\",\\"name\\":{","v":"}],[{","w\\"":1,"w":2}')).toBeUndefined();
    expect(repeatedJsonKey(JSON.stringify({ name: 'alice.w3kit.id', attributes: {}, timestamp: 1 }))).toBeUndefined();
  });
});
