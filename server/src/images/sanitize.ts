/**
 * The SVG sanitiser every built-in mark passes before it is stored and served: the markup is
 * tokenised and written anew with only allowlisted elements and attributes. Dropped: scripts,
 * foreignObject, style elements, images, animations and anything not listed (with their
 * content); event handlers and every attribute not listed; any reference that is not local
 * (`href`/`xlink:href` other than `#id`, `url(...)` other than `url(#id)`), comments, processing
 * instructions and doctypes. Text that is not well formed (a stray `<`, tags that do not nest)
 * is refused: undefined.
 */

const ELEMENTS = new Set(
  (
    'svg g path circle ellipse rect line polyline polygon defs linearGradient radialGradient stop clipPath mask ' +
    'symbol use title desc text tspan filter feGaussianBlur feOffset feFlood feComposite feColorMatrix feBlend ' +
    'feMerge feMergeNode feMorphology feDropShadow'
  ).split(' '),
);

const ATTRIBUTES = new Set(
  (
    'xmlns xmlns:xlink id class role aria-label aria-hidden viewBox width height x y x1 y1 x2 y2 cx cy r rx ry fx fy ' +
    'd points transform fill fill-opacity fill-rule clip-rule clip-path mask opacity stroke stroke-width stroke-linecap ' +
    'stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset stroke-opacity stop-color stop-opacity offset ' +
    'gradientUnits gradientTransform spreadMethod clipPathUnits maskUnits maskContentUnits preserveAspectRatio ' +
    'filterUnits primitiveUnits color-interpolation-filters stdDeviation dx dy in in2 result mode operator k1 k2 k3 k4 ' +
    'values type flood-color flood-opacity radius text-anchor dominant-baseline font-family font-size font-weight ' +
    'letter-spacing visibility display overflow color shape-rendering style href xlink:href version'
  ).split(' '),
);

/** Attributes that may only point inside the document. */
const LOCAL_REFERENCE = /^#[A-Za-z_][\w.-]*$/;
/** A `url(...)` in a value: only `url(#id)` is kept. */
const URL_REFERENCE = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;
const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'))?)*)\s*(\/?)>|[^<]+/gy;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/g;

function escapeAttribute(value: string): string {
  return value
    .replace(/&(?!(?:[a-zA-Z]+|#\d+|#x[\da-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;');
}

function safeValue(name: string, value: string): boolean {
  if (name === 'href' || name === 'xlink:href') return LOCAL_REFERENCE.test(value.trim());
  if (/[\\]|expression|@import|javascript:/i.test(value)) return false;
  for (const match of value.matchAll(URL_REFERENCE)) if (!LOCAL_REFERENCE.test(match[2]!.trim())) return false;
  return true;
}

function attributes(source: string): string {
  let out = '';
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]!;
    const value = match[2] ?? match[3];
    if (value === undefined || !ATTRIBUTES.has(name) || !safeValue(name, value)) continue;
    out += ` ${name}="${escapeAttribute(value)}"`;
  }
  return out;
}

/** The sanitised SVG, or undefined when `text` is not a well-formed SVG document. */
export function sanitizeSvg(text: string): string | undefined {
  const open: string[] = [];
  /** Depth of the first dropped element still open (its content is dropped too), or -1. */
  let droppedAt = -1;
  let out = '';
  let sawRoot = false;
  TOKEN.lastIndex = 0;
  const source = text.trim();
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match || match.index !== at) return undefined;
    const [token, closing, name, attrs, selfClosing] = match;
    if (name === undefined) {
      if (token.startsWith('<')) continue; // comment, processing instruction, doctype
      if (open.length === 0) {
        if (token.trim()) return undefined;
        continue;
      }
      if (droppedAt < 0) out += token.replace(/&(?!(?:[a-zA-Z]+|#\d+|#x[\da-fA-F]+);)/g, '&amp;').replace(/>/g, '&gt;');
      continue;
    }
    if (closing) {
      if (open.pop() !== name) return undefined;
      if (droppedAt === open.length) droppedAt = -1;
      else if (droppedAt < 0) out += `</${name}>`;
      continue;
    }
    if (open.length === 0) {
      if (sawRoot || name !== 'svg') return undefined;
      sawRoot = true;
    }
    const keep = droppedAt < 0 && ELEMENTS.has(name);
    if (keep) out += `<${name}${attributes(attrs ?? '')}${selfClosing ? '/>' : '>'}`;
    if (selfClosing) continue;
    if (!keep && droppedAt < 0) droppedAt = open.length;
    open.push(name);
  }
  if (!sawRoot || open.length > 0) return undefined;
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(out))
    out = out.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  return out;
}
