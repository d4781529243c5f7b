import type { W3ModalOptions } from './core/options.js';
import { emitEvent } from './stores/events.js';
import { initEip155 } from './stores/eip155.js';
import { initNetworks } from './stores/networks.js';
import { setOptions } from './stores/options.js';
import { $initialized } from './stores/state.js';
import { setThemeMode, setThemeVariables } from './stores/theme.js';

/**
 * Validates options and applies them to the stores (no DOM). A bad option throws W3ConfigError
 * naming it, and leaves the stores as they were.
 */
export function configure(input: W3ModalOptions | unknown): W3ModalOptions {
  const options = setOptions(input);
  setThemeMode(options.themeMode);
  if (options.themeVariables) setThemeVariables(options.themeVariables);
  initNetworks();
  initEip155();
  const first = !$initialized.get();
  $initialized.set(true);
  if (first) emitEvent('MODAL_CREATED', {});
  return options;
}
