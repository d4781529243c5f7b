/** Queries across open shadow roots and the settling that makes a state ready for a screenshot. */

/** The first element matching `selector` in `root` or any open shadow root below it. */
export function findDeep(root: ParentNode, selector: string): HTMLElement | null {
  if (root instanceof Element && root.shadowRoot) {
    const inside = findDeep(root.shadowRoot, selector);
    if (inside) return inside;
  }
  const direct = root.querySelector<HTMLElement>(selector);
  if (direct) return direct;
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const hit = el.shadowRoot ? findDeep(el.shadowRoot, selector) : null;
    if (hit) return hit;
  }
  return null;
}

/** Every element below `root`, through open shadow roots. */
export function allDeep(root: ParentNode, out: Element[] = []): Element[] {
  for (const el of Array.from(root.querySelectorAll('*'))) {
    out.push(el);
    if (el.shadowRoot) allDeep(el.shadowRoot, out);
  }
  return out;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const frame = (): Promise<void> => new Promise((r) => requestAnimationFrame(() => r()));

/** Polls until `fn` returns a value (or throws after `timeout` ms, naming `what`). */
export async function waitFor<T>(fn: () => T | null | undefined | false, what: string, timeout = 10_000): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = fn();
    if (value) return value;
    if (performance.now() - start > timeout) throw new Error(`gallery: timed out waiting for ${what}`);
    await sleep(20);
  }
}

type Updating = Element & { updateComplete?: Promise<unknown> };

/** `promise`, or nothing after `ms` (a step of settling never holds the page forever). */
const capped = (promise: Promise<unknown>, ms = 2000): Promise<unknown> => Promise.race([promise.catch(() => undefined), sleep(ms)]);

/**
 * Waits until the page is still: every Lit element updated, fonts loaded, images decoded,
 * finite animations finished and endless ones (spinners, shimmer) held at their start, in two rounds
 * over (a settled render may start another), then two frames.
 */
export async function settle(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    const elements = allDeep(document);
    await capped(Promise.all(elements.map((el) => (el as Updating).updateComplete)));
    await capped(document.fonts.ready);
    const images = elements.filter((el): el is HTMLImageElement => el instanceof HTMLImageElement && !!el.src);
    await capped(Promise.all(images.map((img) => img.decode().catch(() => undefined))));
    for (const animation of document.getAnimations()) {
      const timing = animation.effect?.getComputedTiming();
      if (timing && timing.endTime !== Infinity) animation.finish();
      else {
        animation.pause();
        animation.currentTime = 0;
      }
    }
    await sleep(60);
    await frame();
    await frame();
  }
}
