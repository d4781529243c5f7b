import { describe, expect, it } from 'vitest';
import { isOriginAllowed, isOriginPattern } from './origins.js';

describe('allowed-origin patterns', () => {
  it('validates patterns', () => {
    for (const ok of [
      '*',
      'http://localhost:*',
      'https://app.example.com',
      'https://*.example.com',
      'http://127.0.0.1:4300',
      'http://[::1]:*',
    ])
      expect(isOriginPattern(ok), ok).toBe(true);
    for (const bad of [
      '',
      'localhost',
      'ftp://x.com',
      'https://app.example.com/path',
      'https://*',
      'https://a.com:99999',
      'https://*.*.com',
    ])
      expect(isOriginPattern(bad), bad).toBe(false);
  });

  it('matches exact origins, with default ports left out', () => {
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true);
    expect(isOriginAllowed('https://app.example.com', ['https://app.example.com:443'])).toBe(true);
    expect(isOriginAllowed('https://app.example.com:8443', ['https://app.example.com'])).toBe(false);
    expect(isOriginAllowed('http://app.example.com', ['https://app.example.com'])).toBe(false);
    expect(isOriginAllowed('https://evil.com', ['https://app.example.com'])).toBe(false);
  });

  it('matches any port and any subdomain', () => {
    const dev = ['http://localhost:*', 'http://127.0.0.1:*'];
    expect(isOriginAllowed('http://localhost:4300', dev)).toBe(true);
    expect(isOriginAllowed('http://127.0.0.1', dev)).toBe(true);
    expect(isOriginAllowed('https://localhost:4300', dev)).toBe(false);
    expect(isOriginAllowed('http://localhost.evil.com:4300', dev)).toBe(false);
    expect(isOriginAllowed('https://a.b.example.com', ['https://*.example.com'])).toBe(true);
    expect(isOriginAllowed('https://example.com', ['https://*.example.com'])).toBe(false);
    expect(isOriginAllowed('https://notexample.com', ['https://*.example.com'])).toBe(false);
  });

  it('matches everything with * and nothing for garbage or opaque origins', () => {
    expect(isOriginAllowed('https://anything.io', ['*'])).toBe(true);
    expect(isOriginAllowed('not a url', ['*'])).toBe(false);
    expect(isOriginAllowed('null', ['*'])).toBe(false);
    expect(isOriginAllowed('https://a.com', [])).toBe(false);
  });
});
