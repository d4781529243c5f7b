import { configure } from './configure.js';
import type { W3ModalOptions } from './core/options.js';
import { defineElements } from './elements/index.js';
import { appendModalLater } from './elements/modal/one-modal.js';
import { getInstance, type W3ModalAdapter, type W3ModalInstance } from './instance.js';

const attached = new WeakSet<object>();

/**
 * Validates the options (a bad one throws W3ConfigError naming it), applies them, defines the
 * elements and binds to the <w3-modal> on the page: the one there now, or one the page places
 * later (a framework's first render), else one it appends once the DOM is ready or the modal
 * opens; a page element connected after that replaces it (one modal per page). Returns the
 * instance API. The `adapters` are attached to it, each once.
 */
export function createW3Modal(options: W3ModalOptions): W3ModalInstance {
  configure(options);
  if (typeof document !== 'undefined') {
    defineElements();
    appendModalLater();
  }
  const instance = getInstance();
  // Each adapter once, even when createW3Modal runs again with it.
  for (const adapter of (options.adapters ?? []) as W3ModalAdapter[]) {
    if (!attached.has(adapter)) {
      attached.add(adapter);
      adapter.attach(instance);
    }
  }
  return instance;
}
