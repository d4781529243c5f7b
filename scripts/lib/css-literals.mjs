/**
 * A rollup plugin for the CDN bundle: collapses the whitespace of Lit `css` tagged templates
 * (indentation, line breaks, spaces around braces, semicolons, commas and child combinators, and
 * after colons) outside quoted strings, and drops CSS comments. The rules stay the same; only the bytes shipped in the chunks shrink.
 * Interpolations (`${…}`) are kept as they are; only the text between them is minified.
 */

/** One `css` template (tsc writes `css `…``): text without backticks, with `${…}` holes that contain no braces or backticks. */
const CSS_LITERAL = /\bcss\s*`((?:[^`\\$]|\\.|\$(?!\{)|\$\{[^{}`]*\})*)`/g;
const HOLE = /(\$\{[^{}`]*\})/;

const QUOTED = /('[^']*'|"[^"]*")/;

/** Minifies the static CSS text of a template (a part between interpolations); quoted strings stay as written. */
export function minifyCssText(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split(QUOTED)
    .map((part, i) =>
      i % 2
        ? part
        : part
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};,>])\s*/g, '$1')
            .replace(/:\s+/g, ':'),
    )
    .join('')
    .replace(/;}/g, '}');
}

/** Minifies every `css` template literal in a module's code. */
export function minifyCssLiterals(code) {
  return code.replace(CSS_LITERAL, (_match, body) => {
    const parts = body.split(HOLE).map((part, i) => (i % 2 ? part : minifyCssText(part)));
    return `css\`${parts.join('').trim()}\``;
  });
}

/** The rollup plugin: applies minifyCssLiterals to the project's own modules. */
export function cssLiterals() {
  return {
    name: 'w3kit-css-literals',
    transform(code, id) {
      if (id.includes('node_modules') || !/\bcss\s*`/.test(code)) return null;
      return { code: minifyCssLiterals(code), map: null };
    },
  };
}
