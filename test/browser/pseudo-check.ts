/**
 * The pseudo-locale check for element tests: after `await setLocale('en-XA')` every text a person
 * sees or hears in a subtree (text nodes, aria-label, title, placeholder, alt; through shadow
 * roots and slotted light DOM) is a pseudo-localized message `⟦…⟧`, or data the test names
 * (wallet and network names, addresses, numbers).
 */
import { setLocale } from '../../src/stores/ui/locale.js';
import { nextFrame } from './helpers.js';

const ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'alt'] as const;
const SKIPPED = new Set(['STYLE', 'SCRIPT', 'TEMPLATE']);

/** Data that is never translated: the strings given, or text without a Latin letter (numbers, '40+'). */
function isData(text: string, data: readonly (string | RegExp)[]): boolean {
  if (!/[A-Za-z]/.test(text)) return true;
  return data.some((d) => (typeof d === 'string' ? d === text : d.test(text)));
}

const isPseudo = (text: string): boolean => text.startsWith('⟦') && text.endsWith('⟧');

function describe(el: Element): string {
  const id = el.getAttribute('data-wallet-id') ?? el.getAttribute('data-network') ?? el.className;
  return `${el.localName}${typeof id === 'string' && id ? `[${id}]` : ''}`;
}

/** The texts under `root` that are neither pseudo-localized nor data, each with its element path. */
export function unlocalizedTexts(root: Node, data: readonly (string | RegExp)[] = []): string[] {
  const bad: string[] = [];
  const check = (text: string | null, where: string): void => {
    const t = (text ?? '').replace(/\s+/g, ' ').trim();
    if (t && !isPseudo(t) && !isData(t, data)) bad.push(`${where}: "${t}"`);
  };
  const visit = (node: Node, path: string): void => {
    if (node.nodeType === Node.TEXT_NODE) return check(node.textContent, path);
    if (!(node instanceof Element) && !(node instanceof ShadowRoot)) return;
    let here = path;
    if (node instanceof Element) {
      if (SKIPPED.has(node.tagName) || node.getAttribute('aria-hidden') === 'true' || node.hasAttribute('hidden')) return;
      // The virtualizer's invisible sizer (its text is a literal '&nbsp;').
      if (node.hasAttribute('virtualizer-sizer')) return;
      here = `${path} > ${describe(node)}`;
      for (const name of ATTRIBUTES) if (node.hasAttribute(name)) check(node.getAttribute(name), `${here}@${name}`);
      if (node.shadowRoot) visit(node.shadowRoot, `${here}#shadow`);
    }
    node.childNodes.forEach((child) => visit(child, here));
  };
  visit(root, root instanceof Element ? describe(root) : '#root');
  return bad;
}

/** Throws, listing them, when some texts under `root` are neither pseudo-localized nor data. */
export function expectPseudoLocalized(root: Node, data: readonly (string | RegExp)[] = []): void {
  const bad = unlocalizedTexts(root, data);
  if (bad.length) throw new Error(`Texts not pseudo-localized:\n${bad.join('\n')}`);
}

/** Switches to the pseudo-locale and waits for `el` (and its children) to render in it. */
export async function usePseudoLocale(el: HTMLElement & { updateComplete?: Promise<unknown> }): Promise<void> {
  await setLocale('en-XA');
  await el.updateComplete;
  await nextFrame();
  await nextFrame();
}
