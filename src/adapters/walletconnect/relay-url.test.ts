import { describe, expect, it } from 'vitest';
import { relaySocketUrl } from './relay-url.js';

describe('relaySocketUrl (secure by default)', () => {
  it('keeps wss and turns https and a bare host into wss', () => {
    expect(relaySocketUrl('wss://relay.example.com')).toBe('wss://relay.example.com');
    expect(relaySocketUrl('https://relay.example.com/')).toBe('wss://relay.example.com');
    expect(relaySocketUrl('relay.example.com:4302')).toBe('wss://relay.example.com:4302');
  });

  it('allows an unencrypted socket on loopback only', () => {
    expect(relaySocketUrl('ws://127.0.0.1:4302')).toBe('ws://127.0.0.1:4302');
    expect(relaySocketUrl('http://localhost:4302')).toBe('ws://localhost:4302');
    expect(() => relaySocketUrl('ws://relay.example.com')).toThrow(/use wss:\/\/ \(an unencrypted relay is allowed on loopback only\)/);
    expect(() => relaySocketUrl('http://10.0.0.2:4302')).toThrow(/Invalid relayUrl "http:\/\/10.0.0.2:4302"/);
  });

  it('names a bad value', () => {
    expect(() => relaySocketUrl('ftp://relay.example.com')).toThrow(
      'Invalid relayUrl "ftp://relay.example.com": the scheme must be wss:// or ws:// on loopback',
    );
    expect(() => relaySocketUrl('wss://')).toThrow('Invalid relayUrl "wss://": not a URL');
  });
});
