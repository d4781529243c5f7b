import { parseAst } from 'rollup/parseAst';
import type { TransformPluginContext, TransformResult } from 'rollup';
import { describe, expect, it } from 'vitest';
import { minifyCss, minifyCssLiterals } from './css-literals.mjs';

function transform(code: string, id = '/repo/dist/elements/x.js'): string | undefined {
  const plugin = minifyCssLiterals();
  const hook = plugin.transform as (this: Pick<TransformPluginContext, 'parse'>, code: string, id: string) => TransformResult;
  const result = hook.call({ parse: (input: string) => parseAst(input) }, code, id);
  return result && typeof result === 'object' ? (result.code ?? undefined) : undefined;
}

describe('minifyCss', () => {
  it('drops comments, whitespace runs and the whitespace CSS ignores', () => {
    const css = `
      /* the host */
      :host {
        display: flex;
        font-family: ui-sans-serif, system-ui;
      }
      @media (prefers-reduced-motion: reduce) {
        *, *::before { animation: none !important; }
      }
    `;
    expect(minifyCss(css)).toBe(
      ' :host{display:flex;font-family:ui-sans-serif,system-ui}@media (prefers-reduced-motion:reduce){*,*::before{animation:none !important}}',
    );
  });

  it('keeps descendant combinators, including before a pseudo-class', () => {
    expect(minifyCss('.a  .b :hover > .c + .d {}')).toBe('.a .b :hover > .c + .d{}');
  });

  it('keeps the spaces calc() needs', () => {
    expect(minifyCss('width: calc(100%  -  2px);')).toBe('width:calc(100% - 2px);');
  });

  it('leaves quoted strings as they are', () => {
    expect(minifyCss(`content: 'a ,  b: {c}'; font-family: "Segoe  UI" , x;`)).toBe(`content:'a ,  b: {c}';font-family:"Segoe  UI",x;`);
  });
});

describe('minifyCssLiterals', () => {
  it('rewrites the static parts of css`` templates and keeps the interpolations', () => {
    const code =
      'import { css, unsafeCSS } from "lit";\nexport const s = css `\n  .a ${unsafeCSS(X)} {\n    width: ${unsafeCSS(W)}px;\n  }\n`;\n';
    expect(transform(code)).toBe(
      'import { css, unsafeCSS } from "lit";\nexport const s = css ` .a ${unsafeCSS(X)}{width:${unsafeCSS(W)}px}`;\n',
    );
  });

  it('leaves html`` templates, other tags and plain template literals alone', () => {
    const code =
      'export const a = html`<p>\n  x:  y, z\n</p>`;\nexport const b = `a:  b`;\nexport const c = other`a:  b`;\nexport const d = css`a {  }`;\n';
    expect(transform(code)).toBe(
      'export const a = html`<p>\n  x:  y, z\n</p>`;\nexport const b = `a:  b`;\nexport const c = other`a:  b`;\nexport const d = css`a{}`;\n',
    );
  });

  it('skips modules without css`` and anything under node_modules', () => {
    expect(transform('export const a = `x  y`;')).toBeUndefined();
    expect(transform('export const s = css`a {  }`;', '/repo/node_modules/lit/x.js')).toBeUndefined();
  });
});
