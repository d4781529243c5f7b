import { describe, expect, it } from 'vitest';
import { callbackPage, scriptJson } from './callback-page.js';

const island = (html: string) => /<script type="application\/json" id="w3kit-social-result">(.*?)<\/script>/s.exec(html)?.[1];

describe('the callback page', () => {
  it('escapes < in the JSON island so no text can close the script element', () => {
    const message = '</script><script>alert(1)</script><!--';
    const html = callbackPage({ target: 'https://shop.example', ok: false, message });
    const json = island(html)!;
    expect(json).not.toContain('<');
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json)).toEqual({ target: 'https://shop.example', result: { w3kit: 'social-result', ok: false, message } });
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(scriptJson('\u2028')).toBe('"\\u2028"');
  });

  it('carries no island and no script when there is no target (a bad state)', () => {
    const html = callbackPage({ target: undefined, ok: false, message: 'This login link is no longer valid' });
    expect(html).not.toContain('<script');
    expect(html).toContain('<h1>Login failed</h1>');
    expect(html).toContain('This login link is no longer valid');
  });

  it('posts only ok on success, and loads /social-callback.js', () => {
    const html = callbackPage({ target: 'http://localhost:4300', ok: true, message: 'You are logged in. You can close this window.' });
    expect(JSON.parse(island(html)!)).toEqual({ target: 'http://localhost:4300', result: { w3kit: 'social-result', ok: true } });
    expect(html).toContain('<script src="/social-callback.js" defer></script>');
    expect(html).toContain('<p>You are logged in. You can close this window.</p>');
  });
});
