import { describe, expect, it } from 'vitest';
import { VIEWS, VIEW_TITLES, isViewName, viewTagName } from './views.js';

/** Valid custom element name: starts with a lowercase letter, has a hyphen, no uppercase. */
const CUSTOM_ELEMENT_NAME = /^[a-z][a-z0-9._]*-[a-z0-9._-]*$/;

describe('viewTagName', () => {
  it.each([
    ['AllWallets', 'w3-all-wallets-view'],
    ['SIWXSignMessage', 'w3-siwx-sign-message-view'],
    ['Connect', 'w3-connect-view'],
    ['ConnectingWalletConnectBasic', 'w3-connecting-wallet-connect-basic-view'],
    ['Account', 'w3-account-view'],
    ['ConnectingWalletConnect', 'w3-connecting-wallet-connect-view'],
    ['EmailVerifyOtp', 'w3-email-verify-otp-view'],
    ['OnRampProviders', 'w3-on-ramp-providers-view'],
    ['WhatIsAWallet', 'w3-what-is-a-wallet-view'],
  ] as const)('%s -> %s', (view, tag) => {
    expect(viewTagName(view)).toBe(tag);
  });

  it.each([...VIEWS])('%s maps to a valid custom element name', (view) => {
    const tag = viewTagName(view);
    expect(tag).toMatch(CUSTOM_ELEMENT_NAME);
    expect(tag).toBe(tag.toLowerCase());
    expect(tag).toContain('-');
    expect(tag.startsWith('w3-')).toBe(true);
    expect(tag.endsWith('-view')).toBe(true);
    expect(tag).not.toContain('--');
  });

  it('gives every view its own tag', () => {
    const tags = VIEWS.map(viewTagName);
    expect(new Set(tags).size).toBe(VIEWS.length);
  });
});

describe('VIEWS', () => {
  it('has no duplicates and includes the core views', () => {
    expect(new Set(VIEWS).size).toBe(VIEWS.length);
    for (const v of ['Connect', 'Account', 'AllWallets', 'Networks', 'SIWXSignMessage', 'UnsupportedChain'] as const) {
      expect(VIEWS).toContain(v);
    }
  });
});

describe('isViewName', () => {
  it('accepts every view and nothing else', () => {
    for (const v of VIEWS) expect(isViewName(v)).toBe(true);
    expect(isViewName('connect')).toBe(false);
    expect(isViewName('Nope')).toBe(false);
    expect(isViewName('')).toBe(false);
    expect(isViewName(undefined)).toBe(false);
    expect(isViewName(1)).toBe(false);
  });
});

describe('VIEW_TITLES', () => {
  it('titles only known views', () => {
    for (const key of Object.keys(VIEW_TITLES)) expect(isViewName(key)).toBe(true);
    expect(VIEW_TITLES.Connect).toBe('Connect Wallet');
    expect(VIEW_TITLES.Networks).toBe('Choose Network');
    expect(VIEW_TITLES.ConnectingExternal).toBeUndefined();
  });
});
