/** Types for bin-child.mjs (a plain Node ESM module). */

/** Runs `w3kit-server <command> ...args` (the built bin) and resolves once its stdout matches `ready`. */
export function startBinChild(command: string, args: string[], ready: RegExp): Promise<{ match: RegExpExecArray; close(): Promise<void> }>;

/** Runs `w3kit-server <command...> ...args` (the built bin) to its end and resolves to the JSON line it printed. */
export function runBinJson(command: string[], args: string[]): Promise<unknown>;
