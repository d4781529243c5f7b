import { LitElement } from 'lit';

/** Events w3kit elements fire, with their detail types. */
export interface W3ElementEventMap {
  'w3-open': CustomEvent<{ view: string }>;
  'w3-close': CustomEvent<Record<string, never>>;
  'w3-connect': CustomEvent<{ address: string; caipAddress: string; namespace: string }>;
  'w3-disconnect': CustomEvent<{ namespace: string | undefined }>;
  'w3-network-change': CustomEvent<{ caipNetworkId: string }>;
  'w3-error': CustomEvent<{ error: Error; message: string }>;
  'w3-click': CustomEvent<Record<string, never>>;
  'w3-input': CustomEvent<{ value: string }>;
  'w3-submit': CustomEvent<{ value: string }>;
  'w3-tab-change': CustomEvent<{ value: string }>;
  'w3-toast-close': CustomEvent<Record<string, never>>;
}

type DetailOf<K extends keyof W3ElementEventMap> = W3ElementEventMap[K] extends CustomEvent<infer D> ? D : never;

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

  /** Registers the class under its `tagName`, unless that tag is already defined. */
  static define(): void {
    const tagName = this.tagName;
    if (!tagName) throw new Error(`${this.name} declares no static tagName`);
    if (typeof customElements === 'undefined' || customElements.get(tagName)) return;
    customElements.define(tagName, this);
  }

  emit<K extends keyof W3ElementEventMap>(name: K, detail: DetailOf<K>, init: { cancelable?: boolean } = {}): boolean {
    return this.dispatchEvent(new CustomEvent(name, { bubbles: true, composed: true, detail, cancelable: !!init.cancelable }));
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'w3-open': W3ElementEventMap['w3-open'];
    'w3-close': W3ElementEventMap['w3-close'];
    'w3-connect': W3ElementEventMap['w3-connect'];
    'w3-disconnect': W3ElementEventMap['w3-disconnect'];
    'w3-network-change': W3ElementEventMap['w3-network-change'];
    'w3-error': W3ElementEventMap['w3-error'];
  }
}
