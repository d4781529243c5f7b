/**
 * Right-to-left layout (issue 13): the elements' CSS uses logical properties
 * (margin-inline-start, inset-inline-end, text-align: end ...), so a locale written right to
 * left lays out mirrored. This finds the physical left/right ones in the css`` templates and
 * inline style attributes of a source file. A declaration meant physically stays when its line
 * carries the comment `/* physical: <why> *\/`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const RULES = [
  { re: /(^|[\s;{"'])((?:margin|padding|border|scroll-margin|scroll-padding)-(?:left|right)(?:-[a-z]+)?)\s*:/, why: 'a physical side' },
  { re: /(^|[\s;{"'])((?:left|right))\s*:/, why: 'a physical offset (inset-inline-start/end)' },
  { re: /(^|[\s;{"'])(border-(?:top|bottom)-(?:left|right)-radius)\s*:/, why: 'a physical corner (border-start-start-radius ...)' },
  { re: /(^|[\s;{"'])((?:text-align|float|clear)\s*:\s*(?:left|right))\b/, why: 'a physical value (start/end, inline-start/end)' },
];
/** margin/padding/inset/border-width written with four values whose right and left differ. */
const FOUR =
  /(^|[\s;{"'])((margin|padding|inset|border-width)\s*:\s*([^;{}"'\s]+)\s+([^;{}"'\s]+)\s+([^;{}"'\s]+)\s+([^;{}"'\s]+))\s*(?:;|$|"|')/;

/** The physical declarations in one line of CSS, each with a reason. */
export function physicalDeclarations(line) {
  if (/\/\*\s*physical:/.test(line)) return [];
  const found = [];
  for (const { re, why } of RULES) {
    const m = re.exec(line);
    if (m) found.push({ text: m[2].trim(), why });
  }
  const four = FOUR.exec(line);
  if (four && four[5] !== four[7]) found.push({ text: four[2], why: 'four values with different right and left (use -block and -inline)' });
  return found;
}

/** The CSS of a source file: its css`` templates and its style="..." attributes, with line numbers. */
export function cssLines(source) {
  const lines = source.split('\n');
  const out = [];
  let inCss = false;
  lines.forEach((line, i) => {
    let text = '';
    let rest = line;
    for (;;) {
      if (inCss) {
        const end = rest.indexOf('`');
        if (end < 0) {
          text += rest;
          break;
        }
        text += rest.slice(0, end);
        rest = rest.slice(end + 1);
        inCss = false;
      } else {
        const start = rest.search(/\bcss\s*`/);
        if (start < 0) break;
        rest = rest.slice(rest.indexOf('`', start) + 1);
        inCss = true;
      }
    }
    for (const m of line.matchAll(/\bstyle="([^"]*)"/g)) text += ` ${m[1]};`;
    if (text.trim()) out.push({ line: i + 1, text });
  });
  return out;
}

/** Every physical declaration in the non-test .ts files under `dir`. */
export function physicalCssIn(dir) {
  const found = [];
  const walk = (d) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        for (const { line, text } of cssLines(readFileSync(file, 'utf8'))) {
          for (const decl of physicalDeclarations(text)) found.push({ file, line, ...decl });
        }
      }
    }
  };
  walk(dir);
  return found;
}
