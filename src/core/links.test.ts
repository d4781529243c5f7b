import { describe, expect, it } from 'vitest';
import { isSafeWalletLink } from './links.js';

describe('isSafeWalletLink', () => {
  it('accepts web links and app schemes', () => {
    for (const ok of ['https://metamask.app.link', 'http://127.0.0.1:4300/app', 'metamask://', 'trust://wc'])
      expect(isSafeWalletLink(ok), ok).toBe(true);
  });
  it('refuses code-running schemes, relative links and empty values', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      '/relative',
      '',
      null,
      undefined,
    ])
      expect(isSafeWalletLink(bad), String(bad)).toBe(false);
  });
});
