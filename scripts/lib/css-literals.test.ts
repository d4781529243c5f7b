import { describe, expect, it } from 'vitest';
import { cssLiterals, minifyCssLiterals, minifyCssText } from './css-literals.mjs';

describe('minifyCssText', () => {
  it('collapses whitespace around braces, semicolons, commas and child combinators, and drops comments', () => {
    const css = `
      /* the host */
      :host([size='sm']) button,
      .a > .b {
        color: rgb(1, 2, 3);
        transition:
          filter 0.12s ease,
          opacity 0.2s;
      }
    `;
    expect(minifyCssText(css).trim()).toBe(":host([size='sm']) button,.a>.b{color:rgb(1,2,3);transition:filter 0.12s ease,opacity 0.2s}");
  });

  it('keeps the spaces that carry meaning: descendant combinators, calc operators, media features', () => {
    expect(minifyCssText('@media (max-width: 430px) and (hover: none) { .a .b:hover { width: calc(100% - 8px); } }')).toBe(
      '@media (max-width:430px) and (hover:none){.a .b:hover{width:calc(100% - 8px)}}',
    );
  });

  it('leaves quoted strings as written', () => {
    expect(minifyCssText(`.a::before { content: ' :  { } '; font-family: "A  B", sans-serif; }`)).toBe(
      `.a::before{content:' :  { } ';font-family:"A  B",sans-serif}`,
    );
  });
});

describe('minifyCssLiterals', () => {
  it('minifies css templates only, keeping interpolations and other templates', () => {
    const code = 'const a = css`\n  .x {\n    color: ${c};\n  }\n`;\nconst b = html`<p>  two  spaces </p>`;';
    expect(minifyCssLiterals(code)).toBe('const a = css`.x{color:${c}}`;\nconst b = html`<p>  two  spaces </p>`;');
  });
});

describe('cssLiterals plugin', () => {
  it('transforms project modules with css templates and leaves node_modules alone', () => {
    const plugin = cssLiterals();
    expect(plugin.transform('x = css`a { b: c; }`', '/repo/dist/elements/x.js')?.code).toBe('x = css`a{b:c}`');
    expect(plugin.transform('x = css`a { b: c; }`', '/repo/node_modules/lit/x.js')).toBeNull();
    expect(plugin.transform('x = css `a { b: c; }`', '/repo/dist/elements/x.js')?.code).toBe('x = css`a{b:c}`');
    expect(plugin.transform('x = 1', '/repo/dist/elements/y.js')).toBeNull();
  });
});
