import { describe, expect, it } from 'vitest';
import { VIEWS, isViewName } from './views.js';

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
