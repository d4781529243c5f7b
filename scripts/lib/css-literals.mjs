/**
 * A rollup plugin that minifies the CSS of Lit's css`...` templates in our own modules (the
 * whitespace and comments terser keeps inside template literals), so the CDN first chunk
 * carries less (DESIGN.md, "Budgets"). Only what CSS ignores goes: comments, runs of
 * whitespace (to one space), whitespace around { } ; , and after a colon, and a ; before }.
 * Quoted strings are kept as they are, and so is the whitespace beside an interpolation unless
 * punctuation makes it insignificant, so `.a ${b}` keeps its descendant combinator.
 */

/** Minifies one static part of a css`` template. */
export function minifyCss(text) {
  return text
    .split(/('[^']*'|"[^"]*")/)
    .map((part, i) =>
      i % 2
        ? part
        : part
            .replace(/\/\*[\s\S]*?\*\//g, '')
            .replace(/\s+/g, ' ')
            .replace(/ ?([{};,]) ?/g, '$1')
            .replace(/: /g, ':')
            .replace(/;}/g, '}'),
    )
    .join('');
}

function visit(node, fn) {
  if (!node || typeof node.type !== 'string') return;
  fn(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) visit(child, fn);
    else if (value && typeof value === 'object') visit(value, fn);
  }
}

/** The rollup plugin: rewrites the quasis of every css`` (a tag named `css`) outside node_modules. */
export function minifyCssLiterals() {
  return {
    name: 'w3kit-minify-css-literals',
    transform(code, id) {
      if (id.includes('node_modules') || !/\bcss\s*`/.test(code)) return null;
      const edits = [];
      visit(this.parse(code), (node) => {
        if (node.type !== 'TaggedTemplateExpression' || node.tag.type !== 'Identifier' || node.tag.name !== 'css') return;
        for (const quasi of node.quasi.quasis) edits.push({ start: quasi.start, end: quasi.end, text: minifyCss(quasi.value.raw) });
      });
      if (!edits.length) return null;
      let out = code;
      for (const { start, end, text } of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, start) + text + out.slice(end);
      return { code: out, map: null };
    },
  };
}
