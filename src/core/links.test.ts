import { describe, expect, it } from 'vitest';
import { isSafeWalletLink } from './links.js';
import { walletConnectLink } from './wallet-links.js';

describe('isSafeWalletLink', () => {
  it('accepts https links and wallet app schemes', () => {
    for (const ok of ['https://metamask.app.link', 'HTTPS://example.com/x?y=1', 'metamask://', 'trust://wc', 'cb.wallet+x-1://open'])
      expect(isSafeWalletLink(ok), ok).toBe(true);
  });

  it('refuses dangerous and non-wallet schemes, plain http, relative links and empty values', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'javascript://%0aalert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'vbscript:msgbox',
      'ms-msdt:/id PCWDiagnostic',
      'ms-msdt://x',
      'ms-officecmd://x',
      'search-ms:query=x',
      'search-ms://query=x',
      'search://x',
      'intent://scan/#Intent;scheme=zxing;end',
      'view-source:https://example.com',
      'view-source://example.com',
      'about://blank',
      'blob://x',
      'chrome://settings',
      'http://example.com',
      'https://user:pass@example.com',
      'metamask:',
      '1inch://x',
      '/relative',
      '',
      null,
      undefined,
    ])
      expect(isSafeWalletLink(bad), String(bad)).toBe(false);
  });

  it('refuses control and invisible direction characters', () => {
    for (const bad of [
      'https://exa\u202emple.com',
      'metamask\u0000://',
      'https://example.com/\u2066x',
      'trust://\u200fwc',
      'https://a.example/ b',
    ])
      expect(isSafeWalletLink(bad), JSON.stringify(bad)).toBe(false);
  });

  it('gives no WalletConnect deep link for a refused link', () => {
    for (const bad of ['intent://x#Intent;end', 'ms-msdt://x', 'search-ms://x', 'view-source://x'])
      expect(walletConnectLink(bad, 'wc:abc@2'), bad).toBeUndefined();
  });
});
