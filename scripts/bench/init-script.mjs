/**
 * The script the bench runs in every page before the page's own scripts. Given where the page's
 * button and dialog are (a path of selectors, each inside the previous one's shadow root), it
 * records:
 * - window.__benchButtonUsable: performance.now() when the button exists, is enabled and has a
 *   size (checked on every DOM mutation, in light DOM and every shadow root, and every frame);
 * - window.__benchClickTimeStamp: event.timeStamp of the first click (capturing, on document);
 * - window.__benchModalPainted: performance.now() in the animation frame after the dialog first
 *   exists with a size (checked the same way, starting at the click).
 * The same script serves w3kit's page and the floor page, so both are measured alike.
 */

/** Where w3kit's button and dialog are. */
export const W3KIT_TARGETS = {
  button: ['w3-button', 'w3-connect-button', 'button'],
  dialog: ['w3-modal', '[role=dialog]'],
  defined: 'w3-button',
};
/** Where the floor page's are (scripts/bench/floor/floor-element.mjs). */
export const FLOOR_TARGETS = { button: ['bench-floor', 'button.opener'], dialog: ['bench-floor', '[role=dialog]'], defined: 'bench-floor' };

export function initScript(targets) {
  return `(() => {
  const targets = ${JSON.stringify(targets)};
  const deep = (path) => {
    let el = document.querySelector(path[0]);
    for (const sel of path.slice(1)) el = el?.shadowRoot?.querySelector(sel);
    return el ?? undefined;
  };
  const sized = (el) => { if (!el) return false; const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const buttonUsable = () => { const b = deep(targets.button); return !!b && !b.disabled && sized(b); };
  const dialogShown = () => sized(deep(targets.dialog));

  // Run check() on every mutation anywhere (light DOM and shadow roots) and every frame until it passes.
  const watchers = new Set();
  const roots = [document];
  const origAttachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (...a) {
    const root = origAttachShadow.apply(this, a);
    roots.push(root);
    for (const w of watchers) w.observe(root);
    return root;
  };
  const OPTS = { childList: true, subtree: true, attributes: true, characterData: true };
  function watch(check, done) {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      watchers.delete(w);
      mo.disconnect();
      done(performance.now());
    };
    const tick = () => { if (!finished && check()) finish(); };
    const mo = new MutationObserver(tick);
    const w = { observe: (root) => mo.observe(root, OPTS) };
    watchers.add(w);
    for (const root of roots) w.observe(root);
    const frame = () => { tick(); if (!finished) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
    queueMicrotask(tick);
  }

  window.__benchButtonUsable = undefined;
  customElements.whenDefined(targets.defined).then(() => { window.__benchDefined = performance.now(); });
  watch(buttonUsable, (t) => { window.__benchButtonUsable = t; });

  window.__benchClickTimeStamp = undefined;
  window.__benchModalPainted = undefined;
  document.addEventListener('click', (event) => {
    if (window.__benchClickTimeStamp !== undefined) return;
    window.__benchClickTimeStamp = event.timeStamp;
    window.__benchClickDispatched = performance.now();
    watch(dialogShown, (found) => {
      window.__benchModalFound = found;
      requestAnimationFrame(() => { window.__benchModalPainted = performance.now(); });
    });
  }, true);
})();`;
}
