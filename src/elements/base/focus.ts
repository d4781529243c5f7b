/** Focus helpers that see through open shadow roots (the modal's views are nested elements). */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function isVisible(el: Element): boolean {
  const rect = el.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
}

/** Tabbable elements under `root` in tree order, descending into open shadow roots and slots. */
export function tabbables(root: Element | ShadowRoot): HTMLElement[] {
  const found: HTMLElement[] = [];
  const visit = (node: Element | ShadowRoot): void => {
    const children = node instanceof HTMLSlotElement ? node.assignedElements({ flatten: true }) : Array.from(node.children);
    for (const child of children) {
      if (
        child instanceof HTMLElement &&
        child.matches(FOCUSABLE) &&
        child.tabIndex >= 0 &&
        !child.hasAttribute('inert') &&
        isVisible(child)
      ) {
        found.push(child);
      }
      if (child.shadowRoot) visit(child.shadowRoot);
      else visit(child);
    }
  };
  visit(root);
  return found;
}

/** The element that really has focus, looking inside shadow roots. */
export function deepActiveElement(doc: Document | ShadowRoot = document): Element | null {
  let active = doc.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** True when `node` is `container` or inside it, across shadow boundaries. */
export function containsDeep(container: Node, node: Node | null): boolean {
  let current: Node | null = node;
  while (current) {
    if (current === container) return true;
    current = current.parentNode ?? (current instanceof ShadowRoot ? current.host : null);
  }
  return false;
}
