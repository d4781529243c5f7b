/** What a gallery state is: one view in one state, set up from fixtures (stores, fixture backend). */
import type { W3ModalOptions } from '../../../src/core/options.js';
import type { ViewName } from '../../../src/core/views.js';
import type { RouterData } from '../../../src/stores/ui/router.js';
import type { WalletEntry } from '../../../src/wire/provider-api.js';
import type { Routes } from '../fixture-api.js';

export interface GalleryState {
  /** The view shown (a key of src/elements/views/registry.ts). */
  view: ViewName;
  /** The state's name, kebab-case: `empty`, `loading`, `error`, `full`, `long-texts`, `1000-wallets`, ... */
  state: string;
  /** The fixture backend's replies (over fixture-api.ts's defaults). */
  api?: Routes;
  /** The registry's wallets (default: 12). */
  wallets?: WalletEntry[];
  /** Show it to a connected account (the fixture account, 1.23456 ETH on Localhost). */
  connected?: boolean;
  /** Options over the gallery's (networks, fixture backend, theme, locale). */
  options?: Partial<W3ModalOptions>;
  /** The router data the view is opened with. */
  data?: RouterData;
  /** Sets stores before the view opens (the modal is mounted and configured). */
  setup?: () => void | Promise<void>;
  /** Acts on the shown view (types, picks) before the state is ready. */
  after?: (view: HTMLElement) => void | Promise<void>;
}

/** `SIWXSignMessage` -> `siwx-sign-message`: an acronym is one word. */
export function kebab(view: string): string {
  return view
    .replace(/[A-Z]+(?=[A-Z][a-z]|$)/g, (m) => m[0]! + m.slice(1).toLowerCase())
    .replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase());
}

/** The state's id: `<view>--<state>` (`all-wallets--1000-wallets`). */
export const stateId = (s: Pick<GalleryState, 'view' | 'state'>): string => `${kebab(s.view)}--${s.state}`;

/** The view's element tag (`w3-all-wallets-view`). */
export const viewTag = (view: ViewName): string => `w3-${kebab(view)}-view`;
