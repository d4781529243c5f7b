/**
 * The modal's dialog shell (./modal-shell.ts: header, view host, focus trap, toasts, alerts and
 * their styles) is a lazy chunk, out of the first chunk (DESIGN.md, Budgets): fetched once the
 * page is idle (src/elements/index.ts) or by the first open, toast or alert, whichever comes first.
 */
type ShellModule = typeof import('./modal-shell.js');

let shell: Promise<ShellModule> | undefined;
let loadedShell: ShellModule | undefined;
let announceLoaded: (module: ShellModule) => void;
const loaded = new Promise<ShellModule>((resolve) => (announceLoaded = resolve));

/** Loads the shell once (a failed load is tried again on the next call). */
export function loadModalShell(): Promise<ShellModule> {
  shell ??= import('./modal-shell.js').then(
    (module) => {
      loadedShell = module;
      announceLoaded(module);
      return module;
    },
    (err: unknown) => {
      shell = undefined;
      throw err;
    },
  );
  return shell;
}

/** Resolves once the shell has loaded, whoever loaded it (the idle prefetch, an open); loads nothing itself. */
export const whenShellLoaded = (): Promise<ShellModule> => loaded;

/** The shell module if it has loaded, else undefined. */
export const modalShell = (): ShellModule | undefined => loadedShell;
