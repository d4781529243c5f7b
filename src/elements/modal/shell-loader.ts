/**
 * The modal's dialog shell (./modal-shell.ts: header, view host, focus trap, toasts, alerts and
 * their styles) is a lazy chunk, out of the first chunk (DESIGN.md, Budgets): fetched once the
 * page is idle (src/elements/index.ts) or by the first open, toast or alert, whichever comes first.
 */
type ShellModule = typeof import('./modal-shell.js');

let shell: Promise<ShellModule> | undefined;
let loadedShell: ShellModule | undefined;

/** Loads the shell once (a failed load is tried again on the next call). */
export function loadModalShell(): Promise<ShellModule> {
  shell ??= import('./modal-shell.js').then(
    (module) => (loadedShell = module),
    (err: unknown) => {
      shell = undefined;
      throw err;
    },
  );
  return shell;
}

/** The shell module if it has loaded, else undefined. */
export const modalShell = (): ShellModule | undefined => loadedShell;
