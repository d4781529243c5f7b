/** Connect and All Wallets: the registry full, loading, failed, empty, long-named and 1,000 wallets. */
import { FAILED, LOADING } from '../fixture-api.js';
import { fixtureWallets, longNamedWallets } from '../fixtures/wallets.js';
import { findDeep } from '../dom.js';
import type { GalleryState } from './types.js';

/** Types `value` into the view's search field. */
function search(value: string) {
  return (view: HTMLElement): void => {
    const input = findDeep(view, 'input') as HTMLInputElement | null;
    if (!input) throw new Error('gallery: the view has no search field');
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  };
}

export const CONNECT_STATES: GalleryState[] = [
  { view: 'Connect', state: 'full' },
  { view: 'Connect', state: 'loading', api: { '/getWallets': LOADING } },
  { view: 'Connect', state: 'error', api: { '/getWallets': FAILED } },
  { view: 'Connect', state: 'empty', wallets: [] },
  { view: 'Connect', state: 'long-texts', wallets: longNamedWallets() },
  { view: 'Connect', state: 'email-and-socials', options: { features: { email: true, socials: ['google', 'github', 'discord'] } } },
  { view: 'Connect', state: 'no-backend', options: { apiUrl: undefined, projectId: undefined } },
];

export const ALL_WALLETS_STATES: GalleryState[] = [
  { view: 'AllWallets', state: 'full', wallets: fixtureWallets(60) },
  { view: 'AllWallets', state: 'loading', api: { '/getWallets': LOADING } },
  { view: 'AllWallets', state: 'error', api: { '/getWallets': FAILED } },
  { view: 'AllWallets', state: 'empty', wallets: [] },
  { view: 'AllWallets', state: 'long-texts', wallets: longNamedWallets() },
  { view: 'AllWallets', state: '1000-wallets', wallets: fixtureWallets(1000) },
  {
    view: 'AllWallets',
    state: 'search-no-results',
    wallets: fixtureWallets(60),
    after: async (view) => {
      search('no such wallet')(view);
      await new Promise((r) => setTimeout(r, 450));
    },
  },
];
