import { afterEach, describe, expect, it, vi } from 'vitest';
import { socialResultSchema } from '../messages.js';
import { deliverSocialResult, parseSocialResult, parseTargetOrigin, readSocialResult, type CallbackWindow } from './social-result.js';

afterEach(() => {
  vi.restoreAllMocks();
});

function popup(json: unknown, opener = true) {
  const posted: { message: unknown; target: string }[] = [];
  let closed = false;
  const win: CallbackWindow = {
    opener: opener ? { postMessage: (message, target) => posted.push({ message, target }) } : null,
    document: {
      getElementById: (id) =>
        id === 'w3kit-social-result' ? { textContent: typeof json === 'string' ? json : JSON.stringify(json) } : null,
    },
    close: () => {
      closed = true;
    },
  };
  return { win, posted, closed: () => closed };
}

describe('the social callback page script', () => {
  it('accepts exactly what socialResultSchema accepts (the hand check cannot drift from the contract)', () => {
    const samples: unknown[] = [
      { w3kit: 'social-result', ok: true },
      { w3kit: 'social-result', ok: false, message: 'Failed to connect' },
      { w3kit: 'social-result', ok: false, message: 'x'.repeat(512) },
      { w3kit: 'social-result', ok: false, message: 'x'.repeat(513) },
      { w3kit: 'social-result', ok: 'true' },
      { w3kit: 'social-result', ok: true, message: 5 },
      { w3kit: 'social-result', ok: true, message: null },
      { w3kit: 'social-result', ok: true, completion: 'A'.repeat(43) },
      { w3kit: 'social-result', ok: true, completion: 'A'.repeat(31) },
      { w3kit: 'social-result', ok: true, completion: 'A'.repeat(128) },
      { w3kit: 'social-result', ok: true, completion: 'A'.repeat(129) },
      { w3kit: 'social-result', ok: true, completion: 'has space and more than thirty-two characters' },
      { w3kit: 'social-result', ok: true, completion: 42 },
      { w3kit: 'other', ok: true },
      { ok: true },
      ['social-result', true],
      null,
      'social-result',
    ];
    for (const sample of samples) {
      const schema = socialResultSchema.safeParse(sample);
      expect(parseSocialResult(sample), JSON.stringify(sample)).toEqual(schema.success ? schema.data : undefined);
    }
    expect(parseSocialResult({ w3kit: 'social-result', ok: true, token: 'secret' })).toEqual({ w3kit: 'social-result', ok: true });
  });

  it('takes only a plain http(s) origin as the target', () => {
    expect(parseTargetOrigin('https://dapp.example')).toBe('https://dapp.example');
    expect(parseTargetOrigin('http://127.0.0.1:4300')).toBe('http://127.0.0.1:4300');
    for (const bad of [
      '*',
      '/',
      'https://dapp.example/',
      'https://dapp.example/path',
      'javascript:alert(1)',
      'https://u@dapp.example',
      'HTTPS://DAPP.example',
      'https://dapp.example:443',
      'ftp://x.test',
      5,
    ]) {
      expect(parseTargetOrigin(bad), String(bad)).toBeUndefined();
    }
  });

  it('posts the result to the opener at the target origin only, then closes', () => {
    const p = popup({ target: 'https://dapp.example', result: { w3kit: 'social-result', ok: true, code: 'abc' } });
    expect(deliverSocialResult(p.win)).toBe(true);
    expect(p.posted).toEqual([{ message: { w3kit: 'social-result', ok: true }, target: 'https://dapp.example' }]);
    expect(p.closed()).toBe(true);
  });

  it('posts nothing and stays open without an opener or with malformed data', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const noOpener = popup({ target: 'https://dapp.example', result: { w3kit: 'social-result', ok: true } }, false);
    expect(deliverSocialResult(noOpener.win)).toBe(false);
    expect(noOpener.closed()).toBe(false);
    for (const bad of [
      'not json',
      { target: '*', result: { w3kit: 'social-result', ok: true } },
      { target: 'https://dapp.example', result: { ok: true } },
    ]) {
      const p = popup(bad);
      expect(deliverSocialResult(p.win)).toBe(false);
      expect(p.posted).toEqual([]);
      expect(p.closed()).toBe(false);
    }
    expect(readSocialResult(null)).toEqual({ error: '#w3kit-social-result is not JSON' });
  });
});
