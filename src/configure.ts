import type { W3ModalOptions } from './core/options.js';
import { emitEvent } from './stores/app/events.js';
import { initConnectors } from './stores/connection/discovery.js';
import { initWalletConnect } from './stores/walletconnect/connector.js';
import { initNetworks } from './stores/network/networks.js';
import { $options, setOptions } from './stores/app/options.js';
import { registerSignIn } from './stores/app/sign-in.js';
import { initEmbedded } from './stores/embedded/connector.js';
import { $initialized } from './stores/views/public-state.js';
import { setLocale } from './stores/ui/locale.js';
import { setThemeMode, setThemeVariables } from './stores/ui/theme.js';

let configuredLocale: string | undefined;

// Sign in with X (a lazy chunk) sits above the stores that start it: they call what is registered here.
registerSignIn(() => import('./stores/siwx/flow.js'));
let projectModule: Promise<typeof import('./stores/project/project.js')> | undefined;

/**
 * Loads the project store (a lazy chunk) once a backend is configured, and lets it follow the
 * options: it fetches in the background, does nothing new for the same apiUrl and projectId,
 * and stops when apiUrl goes away. Without apiUrl it is never loaded and nothing is fetched.
 */
function syncProject(options: W3ModalOptions): void {
  if (!options.apiUrl && !projectModule) return;
  projectModule ??= import('./stores/project/project.js');
  projectModule.then(
    // A later configure() may have replaced the options meanwhile: follow the current ones.
    ({ initProject }) => (options === $options.get() ? initProject() : undefined),
    (err: unknown) => {
      projectModule = undefined;
      // The logger is loaded only on this failure, so the first chunk stays without it.
      void import('./core/logger.js').then(({ logger }) => logger.error('Could not load the project module', err));
    },
  );
}

/**
 * Validates options and applies them to the stores (no DOM). A bad option throws W3ConfigError
 * naming it, and leaves the stores as they were.
 */
export function configure(input: W3ModalOptions | unknown): W3ModalOptions {
  const options = setOptions(input);
  const first = !$initialized.get();
  setThemeMode(options.themeMode);
  if (options.themeVariables) setThemeVariables(options.themeVariables);
  // Only a changed `locale` option applies, so reconfiguring keeps what setLocale() chose since.
  if (first || options.locale !== configuredLocale) void setLocale(options.locale);
  configuredLocale = options.locale;
  initNetworks();
  initConnectors();
  initEmbedded();
  initWalletConnect();
  syncProject(options);
  $initialized.set(true);
  if (first) emitEvent('MODAL_CREATED', {});
  return options;
}
