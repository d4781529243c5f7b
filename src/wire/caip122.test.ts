import { createSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { Caip122Error, formatCaip122, parseCaip122, type Caip122Fields } from './caip122.js';

const base: Caip122Fields = {
  namespace: 'eip155',
  domain: 'localhost:4300',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  statement: 'Sign in to the w3kit demo.',
  uri: 'http://localhost:4300',
  version: '1',
  chainReference: '31337',
  nonce: 'abcdEFGH12345678',
  issuedAt: '2026-11-24T12:00:00.000Z',
  expirationTime: '2026-11-25T12:00:00.000Z',
};

describe('CAIP-122 messages', () => {
  it('gives the same text as viem’s createSiweMessage for eip155, with and without a statement', () => {
    const viemText = (statement?: string) =>
      createSiweMessage({
        domain: base.domain,
        address: base.address as `0x${string}`,
        ...(statement ? { statement } : {}),
        uri: base.uri,
        version: '1',
        chainId: 31337,
        nonce: base.nonce,
        issuedAt: new Date(base.issuedAt),
        expirationTime: new Date(base.expirationTime!),
        resources: ['https://example.com/a'],
      });
    expect(formatCaip122({ ...base, resources: ['https://example.com/a'] })).toBe(viemText(base.statement));
    const { statement: _s, ...noStatement } = base;
    expect(formatCaip122({ ...noStatement, resources: ['https://example.com/a'] })).toBe(viemText());
  });

  it('round-trips every field, for solana too', () => {
    const solana: Caip122Fields = {
      ...base,
      namespace: 'solana',
      address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
      chainReference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      notBefore: '2026-11-24T12:00:00.000Z',
      requestId: 'r-1',
      resources: ['https://example.com/a', 'ipfs://x'],
    };
    const text = formatCaip122(solana);
    expect(text.startsWith('localhost:4300 wants you to sign in with your Solana account:\n9WzD')).toBe(true);
    expect(parseCaip122(text)).toEqual(solana);
    const { statement: _s, ...noStatement } = base;
    expect(parseCaip122(formatCaip122(noStatement))).toEqual(noStatement);
  });

  it('refuses malformed text, naming the field', () => {
    const text = formatCaip122(base);
    const problem = (t: string) => {
      try {
        parseCaip122(t);
      } catch (err) {
        expect(err).toBeInstanceOf(Caip122Error);
        return (err as Caip122Error).field;
      }
      return 'accepted';
    };
    expect(problem('')).toBe('message');
    expect(problem('x'.repeat(5000))).toBe('message');
    expect(problem(text.replace('Ethereum', 'Cosmos'))).toBe('namespace');
    expect(problem(text.replace('Nonce: abcdEFGH12345678', 'Nonce: short'))).toBe('nonce');
    expect(problem(text.replace('Version: 1', 'Version: 2'))).toBe('version');
    expect(problem(text.replace('Issued At: 2026-11-24T12:00:00.000Z', 'Issued At: yesterday'))).toBe('issuedAt');
    expect(problem(text.replace('\nChain ID: 31337', ''))).toBe('chainId');
    expect(problem(`${text}\nsomething else`)).toBe('message');
    expect(problem(text.replace(' wants you', 'wants you'))).toBe('domain');
    expect(() => formatCaip122({ ...base, statement: 'two\nlines' })).toThrow(/one line/);
    expect(() => formatCaip122({ ...base, namespace: 'cosmos' })).toThrow(Caip122Error);
  });

  it('takes the account types as a parameter: a namespace the caller serves reads and writes its own', () => {
    const types = new Map([['tst', 'Tester']]);
    const fields = { ...base, namespace: 'tst', address: 'acct-7f', chainReference: 'main' };
    const text = formatCaip122(fields, types);
    expect(text.split('\n')[0]).toBe('localhost:4300 wants you to sign in with your Tester account:');
    expect(parseCaip122(text, types)).toEqual(fields);
    expect(() => parseCaip122(text)).toThrow(/Unknown account type "Tester"/);
    expect(() => formatCaip122(fields)).toThrow(/No CAIP-122 account type for namespace "tst"/);
    expect(() => parseCaip122(formatCaip122(base), types)).toThrow(/Unknown account type "Ethereum"/);
    expect(() => formatCaip122(fields, new Map([['tst', 'Two words']]))).toThrow(/not one word/);
  });

  it("refuses an account type or namespace named like an object's own keys (__proto__, constructor, toString)", () => {
    const text = formatCaip122(base);
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(() => parseCaip122(text.replace('Ethereum account', `${key} account`)), key).toThrow(`Unknown account type "${key}"`);
      expect(() => formatCaip122({ ...base, namespace: key }), key).toThrow(`No CAIP-122 account type for namespace "${key}"`);
    }
  });
});
