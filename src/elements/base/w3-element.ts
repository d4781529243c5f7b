import { LitElement, type ReactiveController } from 'lit';
import { $locale } from '../../stores/ui/locale.js';
import type { ModalEventMap } from './events.js';

/** Events w3kit elements fire, with their detail types: the modal's (one table) and the primitives'. */
export interface W3ElementEventMap extends ModalEventMap {
  'w3-click': CustomEvent<Record<string, never>>;
  'w3-input': CustomEvent<{ value: string }>;
  'w3-submit': CustomEvent<{ value: string }>;
  'w3-tab-change': CustomEvent<{ value: string }>;
  'w3-token-change': CustomEvent<{ id: string }>;
  'w3-toast-close': CustomEvent<Record<string, never>>;
  'w3-toast-action': CustomEvent<Record<string, never>>;
}

export type DetailOf<K extends keyof W3ElementEventMap> = W3ElementEventMap[K] extends CustomEvent<infer D> ? D : never;

/**
 * Base of every w3kit element: a typed `emit()` (bubbling, composed) and a `define()` that does
 * nothing when the tag is already defined, so the CDN bundle and an npm build can share a page.
 * Each element class declares its tag once, as a static `tagName` literal: `define()` registers
 * it, `HTMLElementTagNameMap` entries key on it, the modal creates views by it and
 * custom-elements-manifest.config.mjs reads it for custom-elements.json.
 */
export class W3Element extends LitElement {
  /** The element's tag name (`w3-…`), declared by each concrete element class. */
  declare static readonly tagName: string;

  constructor() {
    super();
    this.addController(new LocaleController(this));
  }

  /** Registers the class under its `tagName`, unless that tag is already defined (a class without one throws). */
  static define(): void {
    if (typeof customElements === 'undefined' || customElements.get(this.tagName)) return;
    customElements.define(this.tagName, this);
  }

  emit<K extends keyof W3ElementEventMap>(name: K, detail: DetailOf<K>, init: { cancelable?: boolean } = {}): boolean {
    return this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail, cancelable: !!init.cancelable }));
  }
}

/**
 * Renders its element again when the active locale changes (its texts come from `msg()`), and
 * on reconnecting when the locale changed while it was away.
 */
class LocaleController implements ReactiveController {
  private unsubscribe: (() => void) | undefined;
  private rendered = $locale.get();

  constructor(private readonly host: LitElement) {}

  hostConnected(): void {
    const update = (): void => {
      if ($locale.get() === this.rendered) return;
      this.rendered = $locale.get();
      this.host.requestUpdate();
    };
    update();
    this.unsubscribe = $locale.listen(update);
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
  }
}

declare global {
  // The modal's events, typed for addEventListener on any element (DESIGN.md).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GlobalEventHandlersEventMap extends ModalEventMap {}
}
