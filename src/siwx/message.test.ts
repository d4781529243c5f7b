import { describe, expect, it } from 'vitest';
import { createSiweMessage } from 'viem/siwe';
import { parseCaip122 } from '../wire/caip122.js';
import { networks } from '../wire/networks.js';
import { buildSiwxMessage, randomNonce } from './message.js';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL = '9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj';
const PAGE = { domain: 'app.example.com', uri: 'https://app.example.com' };

describe('buildSiwxMessage', () => {
  it('builds the eip155 text viem builds, with every field in the object', () => {
    const msg = buildSiwxMessage(
      { accountAddress: EVM.toLowerCase(), chainId: 'eip155:31337' },
      { nonce: 'abcDEF123456789x', statement: 'Sign in to Example', expiresInMs: 60_000, now: NOW, ...PAGE },
    );
    const viemText = createSiweMessage({
      address: EVM,
      chainId: 31337,
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      version: '1',
      nonce: 'abcDEF123456789x',
      statement: 'Sign in to Example',
      issuedAt: NOW,
      expirationTime: new Date(NOW.getTime() + 60_000),
    });
    expect(msg.toString()).toBe(viemText);
    expect(`${msg}`).toBe(viemText);
    expect(msg).toMatchObject({
      accountAddress: EVM,
      chainId: 'eip155:31337',
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      version: '1',
      nonce: 'abcDEF123456789x',
      statement: 'Sign in to Example',
      issuedAt: '2026-11-24T12:00:00.000Z',
      expirationTime: '2026-11-24T12:01:00.000Z',
    });
  });

  it('builds a solana text that parses back to the same fields, expiring in 24 h by default', () => {
    const chainId = networks.solanaLocal.caipNetworkId;
    const msg = buildSiwxMessage({ accountAddress: SOL, chainId }, { nonce: 'n0nce1234567', now: NOW, ...PAGE });
    const fields = parseCaip122(msg.toString());
    expect(msg.toString().split('\n')[0]).toBe('app.example.com wants you to sign in with your Solana account:');
    expect(fields).toEqual({
      namespace: 'solana',
      domain: 'app.example.com',
      address: SOL,
      uri: 'https://app.example.com',
      version: '1',
      chainReference: chainId.slice('solana:'.length),
      nonce: 'n0nce1234567',
      issuedAt: '2026-11-24T12:00:00.000Z',
      expirationTime: '2026-11-25T12:00:00.000Z',
    });
    expect(msg.statement).toBeUndefined();
  });

  it('reads the domain and URI from the page location at call time', () => {
    const g = globalThis as { location?: unknown };
    expect(() => buildSiwxMessage({ accountAddress: SOL, chainId: 'solana:abc' }, { nonce: 'n0nce1234567' })).toThrow(/No page location/);
    g.location = { host: 'localhost:5173', origin: 'http://localhost:5173' };
    try {
      const msg = buildSiwxMessage({ accountAddress: SOL, chainId: 'solana:abc' }, { nonce: 'n0nce1234567' });
      expect(msg.domain).toBe('localhost:5173');
      expect(msg.uri).toBe('http://localhost:5173');
      expect(Math.abs(Date.parse(msg.issuedAt!) - Date.now())).toBeLessThan(5_000);
    } finally {
      delete g.location;
    }
  });

  it('refuses another namespace, a bad chain id, a bad address and a bad nonce, naming them', () => {
    const opts = { nonce: 'n0nce1234567', ...PAGE };
    expect(() => buildSiwxMessage({ accountAddress: 'cosmos1abc', chainId: 'cosmos:cosmoshub-4' }, opts)).toThrow(
      'Sign in with X supports the eip155, solana and bip122 namespaces, not "cosmos"',
    );
    expect(() => buildSiwxMessage({ accountAddress: 'bc1q', chainId: 'bip122:000000000019D6689C085AE165831E93' }, opts)).toThrow(
      '"000000000019D6689C085AE165831E93" is not a bip122 chain reference',
    );
    expect(() => buildSiwxMessage({ accountAddress: EVM, chainId: 'eip155' as 'eip155:1' }, opts)).toThrow(/not a CAIP-2 id/);
    expect(() => buildSiwxMessage({ accountAddress: EVM, chainId: 'eip155:one' }, opts)).toThrow('"one" is not an eip155 chain id');
    expect(() => buildSiwxMessage({ accountAddress: '0x1234', chainId: 'eip155:1' }, opts)).toThrow(
      /Cannot build the sign-in message: Address "0x1234" is invalid/,
    );
    expect(() => buildSiwxMessage({ accountAddress: SOL, chainId: 'solana:abc' }, { ...opts, nonce: 'short' })).toThrow(
      /nonce must be 8 to 64/,
    );
    expect(() => buildSiwxMessage({ accountAddress: SOL, chainId: 'solana:abc' }, { ...opts, expiresInMs: -1 })).toThrow(/expiresInMs/);
  });
});

describe('randomNonce', () => {
  it('is 16 letters and digits, different each time', () => {
    const nonces = new Set(Array.from({ length: 200 }, () => randomNonce()));
    expect(nonces.size).toBe(200);
    for (const n of nonces) expect(n).toMatch(/^[A-Za-z0-9]{16}$/);
  });
});
