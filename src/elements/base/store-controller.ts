import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ReadableAtom } from 'nanostores';

/**
 * Subscribes a Lit element to a nanostores store while connected: subscribe on connect,
 * unsubscribe on disconnect, re-render on change. (Our own: @nanostores/lit ships CommonJS only,
 * which neither browsers nor the CDN bundle load as is.)
 */
export class StoreController<T> implements ReactiveController {
  private unsubscribe: (() => void) | undefined;
  /** The value when the host was last disconnected, read while still subscribed. */
  private last: { value: T } | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly store: ReadableAtom<T>,
  ) {
    host.addController(this);
  }

  /**
   * The store's value. While the host is disconnected (a view left, whose pending update still
   * renders) it is the value from the moment it disconnected: reading the store then would mount
   * it for an instant and run its lazy work (a store's onStart, such as a WalletConnect pairing).
   */
  get value(): T {
    if (!this.unsubscribe && this.last) return this.last.value;
    return this.store.get();
  }

  hostConnected(): void {
    this.last = undefined;
    this.unsubscribe = this.store.listen(() => this.host.requestUpdate());
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    if (this.unsubscribe) this.last = { value: this.store.get() };
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
