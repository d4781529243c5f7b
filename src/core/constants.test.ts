import { describe, expect, it } from 'vitest';
import {
  DECIMALS,
  DEFAULT_CONNECTOR_TYPE_ORDER,
  DEFAULT_CONNECT_METHODS_ORDER,
  DEFAULT_SOCIALS,
  DEFAULT_WALLET_FEATURES_ORDER,
  EMAIL_DISPLAY_MAX,
  MAX_CHAIN_ID,
  SDK_VERSION,
  SDK_VERSION_TAG,
  SHAKE_MS,
  TOAST_SWAP_DELAY_MS,
  WALLETS,
} from './constants.js';

describe('constants', () => {
  it('holds the spec timings', () => {
    expect(SHAKE_MS).toBe(500);
    expect(TOAST_SWAP_DELAY_MS).toBe(150);
  });

  it('caps chain ids at 2^31', () => {
    expect(MAX_CHAIN_ID).toBe(2 ** 31);
  });

  it('holds display limits', () => {
    expect(EMAIL_DISPLAY_MAX).toBe(30);
    expect(DECIMALS.balance).toBe(3);
    expect(DECIMALS.fiat).toBe(2);
    expect(WALLETS.recentMax).toBe(2);
  });

  it('holds the default orders', () => {
    expect(DEFAULT_CONNECT_METHODS_ORDER).toEqual(['email', 'social', 'wallet']);
    expect(DEFAULT_WALLET_FEATURES_ORDER).toEqual(['onramp', 'swaps', 'receive', 'send']);
    expect(DEFAULT_CONNECTOR_TYPE_ORDER).toEqual(['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended']);
    expect(DEFAULT_SOCIALS).toContain('google');
  });

  it('tags the SDK version', () => {
    expect(SDK_VERSION_TAG).toBe(`w3kit-${SDK_VERSION}`);
  });
});
