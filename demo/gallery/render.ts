/**
 * Renders one state: the fixture backend answers, the stores are configured (gallery networks,
 * theme, locale), the real <w3-modal> is mounted and opened on the state's view, the state's
 * own setup runs; when the page is still it sets `data-gallery-ready="true"` on <html>.
 */
import { configure } from '../../src/configure.js';
import { defineElements } from '../../src/elements/index.js';
import { setLocale } from '../../src/stores/ui/locale.js';
import { findDeep, settle, waitFor } from './dom.js';
import { API_URL, installFixtureApi } from './fixture-api.js';
import { connectFixtureAccount } from './fixtures/account.js';
import { GALLERY_NETWORKS } from './fixtures/networks.js';
import { fixtureWallets } from './fixtures/wallets.js';
import { viewTag, type GalleryState } from './states/types.js';

export type Theme = 'light' | 'dark' | 'accent';

/** The custom accent the `accent` theme sets (over the light mode). */
export const ACCENT = { '--w3-accent': '#c2410c', '--w3-border-radius-master': '2px' };

export interface RenderSettings {
  theme: Theme;
  locale: string;
}

export async function renderState(state: GalleryState, { theme, locale }: RenderSettings): Promise<void> {
  installFixtureApi(state.api ?? {}, state.wallets ?? fixtureWallets(12));
  configure({
    networks: GALLERY_NETWORKS,
    apiUrl: API_URL,
    blockchainApiUrl: API_URL,
    projectId: 'w3kit-gallery',
    themeMode: theme === 'dark' ? 'dark' : 'light',
    ...(theme === 'accent' ? { themeVariables: ACCENT } : {}),
    ...state.options,
  });
  await setLocale(locale);
  defineElements();
  const modal = document.createElement('w3-modal');
  document.body.append(modal);
  await modal.updateComplete;
  if (state.connected) connectFixtureAccount();
  await state.setup?.();
  // Not awaited: some views' opening waits on what the view starts (their state shows meanwhile).
  modal.modal.open({ view: state.view, data: state.data } as never).catch((error: unknown) => console.error('gallery: open failed', error));
  const view = await waitFor(() => findDeep(modal, viewTag(state.view)), `${viewTag(state.view)} to show`);
  if (state.after) {
    await settle();
    await state.after(view);
  }
  await settle();
  document.documentElement.dataset.galleryReady = 'true';
}
