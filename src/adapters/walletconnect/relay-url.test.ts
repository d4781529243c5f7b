import { describe, expect, it } from 'vitest';
import { isLocalRelay, isWalletConnectNetworkRelay, relaySocketUrl, WALLETCONNECT_NETWORK_RELAY_URL } from './relay-url.js';

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

describe('which relay it is', () => {
  it("knows the WalletConnect network's relay", () => {
    expect(WALLETCONNECT_NETWORK_RELAY_URL).toBe('wss://relay.walletconnect.org');
    expect(isWalletConnectNetworkRelay(relaySocketUrl(WALLETCONNECT_NETWORK_RELAY_URL))).toBe(true);
    expect(isWalletConnectNetworkRelay('wss://relay.walletconnect.com')).toBe(true);
    expect(isWalletConnectNetworkRelay('wss://relay.walletconnect.org.example.com')).toBe(false);
    expect(isWalletConnectNetworkRelay('wss://notwalletconnect.org')).toBe(false);
    expect(isWalletConnectNetworkRelay('ws://127.0.0.1:4302')).toBe(false);
  });

  it('a relay on loopback, a private or link-local range or an mDNS name needs no internet', () => {
    const local = [
      'ws://localhost:4302',
      'ws://127.0.0.1:4302',
      'ws://127.8.9.10',
      'ws://[::1]:4302',
      'wss://relay.localhost',
      'wss://10.1.2.3',
      'wss://172.16.0.1',
      'wss://172.31.255.254',
      'wss://192.168.1.20:4302',
      'wss://169.254.3.4',
      'wss://[fd12:3456::1]',
      'wss://[fe80::1]',
      'wss://[::ffff:127.0.0.1]',
      'wss://[::ffff:192.168.0.1]',
      'wss://laptop.local:4302',
    ];
    for (const url of local) expect([url, isLocalRelay(relaySocketUrl(url))]).toEqual([url, true]);
    const remote = [
      'wss://relay.walletconnect.org',
      'wss://relay.example.com',
      'wss://172.15.0.1',
      'wss://172.32.0.1',
      'wss://192.169.0.1',
      'wss://11.0.0.1',
      'wss://8.8.8.8',
      'wss://[2001:db8::1]',
      'wss://[::ffff:8.8.8.8]',
      'wss://localhost.example.com',
      'wss://local',
    ];
    for (const url of remote) expect([url, isLocalRelay(relaySocketUrl(url))]).toEqual([url, false]);
  });
});
