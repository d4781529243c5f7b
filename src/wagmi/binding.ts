/**
 * What ties the wagmi connector to the modal: the instance `attach()` gives and the one
 * EIP-1193 provider over it. The connector exists from the config's construction (before any
 * modal, and on a server where none ever comes); its calls wait for the attach, bounded.
 */
import { MissingConfigError } from '../core/errors.js';
import { createModalProvider, type ModalEip1193Provider } from '../integrations/modal-provider.js';
import type { W3ModalInstance } from '../instance.js';

export interface Bound {
  modal: W3ModalInstance;
  provider: ModalEip1193Provider;
}

type Listener = (bound: Bound) => void;

export class ModalBinding {
  #bound: Bound | undefined;
  readonly #listeners = new Set<Listener>();
  readonly #waiting = new Set<Listener>();

  get bound(): Bound | undefined {
    return this.#bound;
  }

  /** Binds the modal (once); the listeners of `onAttach` run. Returns what undoes it. */
  attach(modal: W3ModalInstance): () => void {
    if (this.#bound) throw new MissingConfigError('This W3WagmiAdapter is already attached to a modal: use one adapter per modal');
    const bound = { modal, provider: createModalProvider(modal) };
    this.#bound = bound;
    for (const listener of [...this.#listeners, ...this.#waiting]) listener(bound);
    this.#waiting.clear();
    return () => {
      if (this.#bound !== bound) return;
      this.#bound = undefined;
      bound.provider.destroy();
    };
  }

  /** Runs `listener` with each modal attached from now on (and the one attached now). */
  onAttach(listener: Listener): void {
    this.#listeners.add(listener);
    if (this.#bound) listener(this.#bound);
  }

  /**
   * The bound modal, waiting up to `timeoutMs` for `createW3Modal({ adapters: [adapter] })`;
   * after that a MissingConfigError saying so.
   */
  ready(timeoutMs = 10_000): Promise<Bound> {
    if (this.#bound) return Promise.resolve(this.#bound);
    return new Promise((resolve, reject) => {
      const listener: Listener = (bound) => {
        clearTimeout(timer);
        resolve(bound);
      };
      const timer = setTimeout(() => {
        this.#waiting.delete(listener);
        reject(
          new MissingConfigError('The w3kit wagmi connector has no modal: pass the adapter to createW3Modal({ adapters: [adapter] })'),
        );
      }, timeoutMs);
      this.#waiting.add(listener);
    });
  }
}
