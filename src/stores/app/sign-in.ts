/**
 * Where sign in with X plugs into the stores below it. The SIWX flow (src/stores/siwx, a lazy
 * chunk) sits above the connection and the modal's base state, which must still start it: a
 * connection applied starts its check, and the connect flow waits for that check before the modal
 * closes. They call the flow registered here; configure.ts registers the loader of its chunk, so
 * nothing below the flow imports it.
 */
import { $options } from './options.js';

/** What the stores below the SIWX flow call of it. */
export interface SignInFlow {
  /** Starts checking the active account (once; later accounts are checked as they change). */
  startSiwx(): Promise<void>;
  /** Resolves once the active account's check has answered (never rejects). */
  siwxChecked(): Promise<void>;
}

let loader: (() => Promise<SignInFlow>) | undefined;

/** Registers the loader of the SIWX flow (configure.ts; tests of the flow register it too). */
export function registerSignIn(load: () => Promise<SignInFlow>): void {
  loader = load;
}

/** The SIWX flow when `siwx` or `siweConfig` is set and a flow is registered; otherwise undefined. */
export function signInFlow(): Promise<SignInFlow> | undefined {
  const options = $options.get();
  return options?.siwx || options?.siweConfig ? loader?.() : undefined;
}
