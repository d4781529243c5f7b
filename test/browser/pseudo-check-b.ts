/**
 * The pseudo-locale check for a view (issue 13): with `setLocale('en-XA')` every text that went
 * through msg() reads `⟦…⟧`, so whatever text is left with letters once the pseudo texts and the
 * data (names, symbols, addresses) are taken out skipped localization.
 */

/** The attributes and properties that carry user-visible text (the properties: texts passed to primitives). */
const TEXT_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt', 'label'];
const TEXT_PROPERTIES = ['label', 'tag', 'placeholder'];

/** Pseudo texts (`⟦…⟧`), hex addresses and hashes (`0xf3…b92266`), and the given data strings removed. */
function leftover(text: string, data: readonly string[]): string {
  let rest = text.replace(/⟦[^⟧]*⟧/g, ' ').replace(/0x[0-9a-f…]*/gi, ' ');
  for (const d of [...data].sort((a, b) => b.length - a.length)) rest = rest.split(d).join(' ');
  return rest.replace(/\s+/g, ' ').trim();
}

export interface PseudoReport {
  /** Texts that still have letters once pseudo texts and data are taken out: they skipped msg(). */
  leaks: string[];
  /** How many pseudo-localized texts were seen (a check that found none checked nothing). */
  localized: number;
}

/**
 * Checks the text nodes and the text attributes (aria-label, title, placeholder, alt, label) of
 * every element in `root` (a view's shadow root, with the light DOM it puts into primitives; not
 * aria-hidden decoration), and
 * the `label`/`tag`/`placeholder` properties of the primitives it renders. Nested primitives'
 * own shadow roots are not entered (their texts are the primitives' own).
 */
export function pseudoCheck(root: ShadowRoot | Element, data: readonly string[] = []): PseudoReport {
  const leaks: string[] = [];
  let localized = 0;
  const check = (text: string | null | undefined, where: string): void => {
    if (!text || !text.trim()) return;
    if (text.includes('⟦')) localized++;
    const rest = leftover(text, data);
    if (/\p{L}/u.test(rest)) leaks.push(`${where}: ${text.trim()}`);
  };
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // Decorative marks (a symbol's initial in an aria-hidden badge) are data, not text.
    if (parent && (parent.closest('style') || parent.closest('script') || parent.closest('[aria-hidden="true"]'))) continue;
    check(node.textContent, `text in <${parent?.localName ?? '#root'}>`);
  }
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const name of TEXT_ATTRIBUTES) {
      if (name === 'label' && el.localName === 'label') continue;
      check(el.getAttribute(name), `${name} of <${el.localName}>`);
    }
    if (!el.localName.includes('-')) continue;
    for (const name of TEXT_PROPERTIES) {
      const value = (el as unknown as Record<string, unknown>)[name];
      if (typeof value === 'string' && value !== el.getAttribute(name)) check(value, `.${name} of <${el.localName}>`);
    }
  }
  return { leaks, localized };
}
