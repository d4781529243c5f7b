import { describe, expect, it } from 'vitest';
import { NAMESPACES, assertChainId, isNamespace, parseCaipAddress, parseCaipNetworkId, toCaipAddress } from './caip.js';
import { InvalidChainIdError, W3Error } from './errors.js';

describe('isNamespace', () => {
  it("accepts any CAIP-2 namespace ([-a-z0-9]{3,8}; which ones are served is the registry's)", () => {
    expect(NAMESPACES).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']);
    for (const ns of NAMESPACES) expect(isNamespace(ns)).toBe(true);
    expect(isNamespace('tst')).toBe(true);
    expect(isNamespace('ethereum')).toBe(true);
    expect(isNamespace('EIP155')).toBe(false);
    expect(isNamespace('ab')).toBe(false);
    expect(isNamespace('ninechars')).toBe(false);
    expect(isNamespace('__proto__')).toBe(false);
    expect(isNamespace('constructor')).toBe(false);
    expect(isNamespace('')).toBe(false);
    expect(isNamespace(155)).toBe(false);
    expect(isNamespace(undefined)).toBe(false);
  });
});

describe('assertChainId', () => {
  it.each([
    [1, 1],
    [137, 137],
    [2147483647, 2147483647],
    ['1', 1],
    ['2147483647', 2147483647],
    ['0x1', 1],
    ['0x89', 137],
    ['0xA4B1', 42161],
    ['0x7fffffff', 2147483647],
  ])('accepts %s as %i', (input, expected) => {
    expect(assertChainId(input)).toBe(expected);
  });

  it.each([
    2147483648,
    '2147483648',
    '0x80000000',
    2 ** 32,
    Number.MAX_SAFE_INTEGER,
    0,
    '0',
    '0x0',
    -1,
    '-1',
    1.5,
    '1.5',
    NaN,
    Infinity,
    'abc',
    '0xZZ',
    '',
    ' 1',
    '1e3',
    null,
    undefined,
    {},
    [1],
    true,
    10n,
  ])("throws 'Invalid chainId' for %s", (input) => {
    let caught: unknown;
    try {
      assertChainId(input);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InvalidChainIdError);
    expect((caught as W3Error).shortMessage).toBe('Invalid chainId');
  });
});

describe('parseCaipNetworkId', () => {
  it('splits namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' });
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    });
    expect(parseCaipNetworkId('bip122:000000000019d6689c085ae165831e93')).toEqual({
      namespace: 'bip122',
      reference: '000000000019d6689c085ae165831e93',
    });
  });

  it.each(['eip155', 'eip155:1:0xabc', 'Unknown:1', 'x:1', ':1', 'eip155:', '', 'a:b:c:d'])(
    'rejects %j (needs exactly 2 parts with a CAIP-2 namespace)',
    (id) => {
      expect(() => parseCaipNetworkId(id)).toThrow(W3Error);
      try {
        parseCaipNetworkId(id);
      } catch (err) {
        expect((err as W3Error).shortMessage).toBe(`Invalid CAIP network id "${id}"`);
        expect((err as W3Error).category).toBe('CONFIG_ERROR');
        expect((err as W3Error).details).toBe('Expected namespace:reference, e.g. eip155:1');
      }
    },
  );

  it('validates an eip155 reference as a chain id', () => {
    expect(() => parseCaipNetworkId('eip155:2147483648')).toThrow('Invalid chainId');
    expect(() => parseCaipNetworkId('eip155:0')).toThrow('Invalid chainId');
    expect(() => parseCaipNetworkId('eip155:abc')).toThrow(InvalidChainIdError);
    expect(parseCaipNetworkId('eip155:2147483647').reference).toBe('2147483647');
  });

  it('does not apply chain id rules to other namespaces', () => {
    expect(parseCaipNetworkId('cosmos:cosmoshub-4')).toEqual({ namespace: 'cosmos', reference: 'cosmoshub-4' });
  });
});

describe('parseCaipAddress', () => {
  it('splits namespace, reference and address', () => {
    expect(parseCaipAddress('eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    });
  });

  it.each(['eip155:1', 'eip155:1:0xabc:extra', 'FOO:1:0xabc', 'eip155::0xabc', 'eip155:1:', '', '0xabc'])(
    'rejects %j (needs exactly 3 parts with a CAIP-2 namespace)',
    (value) => {
      let caught: unknown;
      try {
        parseCaipAddress(value);
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(W3Error);
      expect((caught as W3Error).shortMessage).toBe(`Invalid CAIP address "${value}"`);
    },
  );
});

describe('toCaipAddress', () => {
  it('joins network id and address and round-trips through parseCaipAddress', () => {
    const caip = toCaipAddress('eip155:10', '0xabc');
    expect(caip).toBe('eip155:10:0xabc');
    expect(parseCaipAddress(caip)).toEqual({ namespace: 'eip155', reference: '10', address: '0xabc' });
  });
});
