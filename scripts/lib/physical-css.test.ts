import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cssLines, physicalCssIn, physicalDeclarations } from './physical-css.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const texts = (line: string): string[] => physicalDeclarations(line).map((d) => d.text);

describe('physicalDeclarations', () => {
  it('finds physical sides, offsets, corners and values', () => {
    expect(texts('margin-left: 4px;')).toEqual(['margin-left']);
    expect(texts('  padding-right:0')).toEqual(['padding-right']);
    expect(texts('border-left-width: 4px;')).toEqual(['border-left-width']);
    expect(texts('left: 0;')).toEqual(['left']);
    expect(texts('{right: 0}')).toEqual(['right']);
    expect(texts('border-top-left-radius: 4px;')).toEqual(['border-top-left-radius']);
    expect(texts('text-align: right;')).toEqual(['text-align: right']);
    expect(texts('float:left;')).toEqual(['float:left']);
  });

  it('finds four-value shorthands whose right and left differ', () => {
    expect(texts('padding: 8px 12px 8px 8px;')).toEqual(['padding: 8px 12px 8px 8px']);
    expect(texts('margin: 0 auto 0 4px;')).toEqual(['margin: 0 auto 0 4px']);
  });

  it('leaves logical and symmetric CSS, other words and allowlisted lines alone', () => {
    for (const ok of [
      'margin-inline-start: 4px;',
      'inset-inline: 0;',
      'text-align: end;',
      'padding: 8px 12px 8px 12px;',
      'padding: 8px 12px 4px;',
      'margin: 0 auto;',
      'border-start-start-radius: 4px;',
      'justify-content: flex-start;',
      '.left-over { color: red; }',
      'left: 0; /* physical: the QR code is not text */',
    ]) {
      expect(texts(ok), ok).toEqual([]);
    }
  });
});

describe('cssLines', () => {
  it('reads css`` templates and style attributes, not other template literals', () => {
    const source = ['const a = `left: 0;`;', 'const s = css`', '  .x { left: 0; }', '`;', 'html`<p style="margin-right:2px">`;'].join('\n');
    expect(cssLines(source)).toEqual([
      { line: 3, text: '  .x { left: 0; }' },
      { line: 5, text: ' margin-right:2px;' },
    ]);
  });
});

describe('the elements (right-to-left layout)', () => {
  it('use logical properties: no physical left/right in src/elements', () => {
    const found = physicalCssIn(path.join(ROOT, 'src/elements')).map(
      (d) => `${path.relative(ROOT, d.file)}:${d.line}: ${d.text} (${d.why})`,
    );
    expect(found).toEqual([]);
  });
});
