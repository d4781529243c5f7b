/** The SVG sanitiser: allowlisted elements and attributes, no scripts or outside references, well-formed output. */
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from './sanitize.js';
import { SOCIAL_IDS, socialMark, tokenMark, walletMark } from './marks.js';
import { NETWORK_MARKS, networkMarkOf, TOKEN_SYMBOLS } from './catalog.js';

/** Tags balance and nest, one root <svg>, every attribute quoted: the output parses as XML. */
function wellFormed(svg: string): boolean {
  const stack: string[] = [];
  const tags = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  let roots = 0;
  while (tags.lastIndex < svg.length) {
    const m = tags.exec(svg);
    if (!m) return false;
    if (m[5] !== undefined) continue;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else if (!m[4]) {
      if (stack.length === 0) roots++;
      stack.push(m[2]!);
    } else if (stack.length === 0) roots++;
  }
  return stack.length === 0 && roots === 1 && svg.startsWith('<svg');
}

describe('sanitizeSvg', () => {
  it('drops scripts, foreignObject, styles, images, handlers and outside references, keeping the drawing', () => {
    const dirty =
      '<?xml version="1.0"?><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)">' +
      '<script>alert(1)</script><foreignObject><div>x</div></foreignObject><style>@import url(https://e.example/x.css);</style>' +
      '<image href="https://e.example/a.png"/><a href="javascript:alert(1)"><path d="M0 0h1"/></a>' +
      '<use href="#p"/><use xlink:href="https://e.example/s.svg#p"/>' +
      '<path id="p" d="M0 0h10v10z" fill="url(#g)" stroke="url(https://e.example/#g)" style="fill:red" onclick="x()"/>' +
      '<rect style="background:url(https://e.example/t)" width="1" height="1"/><!-- note --></svg>';
    const clean = sanitizeSvg(dirty)!;
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><use href="#p"/><use/>' +
        '<path id="p" d="M0 0h10v10z" fill="url(#g)" style="fill:red"/><rect width="1" height="1"/></svg>',
    );
    expect(wellFormed(clean)).toBe(true);
  });

  it('refuses what is not one well-formed SVG element', () => {
    for (const bad of ['', 'hello', '<div></div>', '<svg><g></svg>', '<svg></svg><svg></svg>', '<svg>a < b</svg>', '<svg></svg>tail'])
      expect(sanitizeSvg(bad), bad).toBeUndefined();
  });

  it('adds the SVG namespace when the source has none, and escapes text', () => {
    expect(sanitizeSvg('<svg viewBox="0 0 1 1"><text>a &amp; b > c</text></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><text>a &amp; b &gt; c</text></svg>',
    );
  });

  it('keeps every shipped mark well formed, with its drawing and without a reference outside itself', () => {
    const marks = [
      ...Object.keys(NETWORK_MARKS).map(networkMarkOf),
      ...TOKEN_SYMBOLS.map(tokenMark),
      ...['metamask', 'trust', 'coinbase', 'phantom', 'rainbow', 'ledger', 'argent-x', 'mew'].map(walletMark),
      ...SOCIAL_IDS.flatMap((id) => [socialMark(id), socialMark(id, { forInline: true })]),
    ].filter((svg): svg is string => svg !== undefined);
    expect(marks.length).toBeGreaterThan(80);
    for (const svg of marks) {
      expect(wellFormed(svg), svg.slice(0, 80)).toBe(true);
      expect(svg).toMatch(/<(path|circle|rect|polygon|ellipse)\b/);
      expect(svg).not.toMatch(/<script|<foreignObject|<image|<style|\son\w+=|https?:\/\/(?!www\.w3\.org\/(2000\/svg|1999\/xlink))/i);
      expect(sanitizeSvg(svg), 'sanitising twice changes nothing').toBe(svg);
    }
  });

  it('draws the single-colour dark social marks in the text colour for inline use only', () => {
    expect(socialMark('github', { forInline: true })).toContain('fill="currentColor"');
    expect(socialMark('github')).toContain('fill="#181717"');
    expect(socialMark('google', { forInline: true })).toBe(socialMark('google'));
  });
});
