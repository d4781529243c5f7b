import { configure } from './configure.js';
import type { W3ModalOptions } from './core/options.js';
import { defineElements } from './elements/index.js';
import { getInstance, type W3ModalInstance } from './instance.js';

/**
 * Validates the options (a bad one throws W3ConfigError naming it), applies them, defines the
 * elements and binds to the first <w3-modal> on the page, appending one when there is none.
 * Returns the instance API.
 */
export function createW3Modal(options: W3ModalOptions): W3ModalInstance {
  configure(options);
  if (typeof document !== 'undefined') {
    defineElements();
    if (!document.querySelector('w3-modal')) document.body.append(document.createElement('w3-modal'));
  }
  return getInstance();
}
