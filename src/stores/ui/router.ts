import { map } from 'nanostores';
import type { ViewName } from '../../core/views.js';
import { resettable } from '../app/reset.js';

/** Data a view needs from the view that pushed it (a wallet, a network, ...). */
export interface RouterData {
  connectorId?: string;
  walletId?: string;
  network?: string;
  switchToChain?: string;
  navigateTo?: ViewName;
  navigateWithReplace?: boolean;
  [key: string]: unknown;
}

export interface RouterState {
  view: ViewName;
  history: ViewName[];
  data: RouterData | undefined;
}

export const $router = resettable(map<RouterState>({ view: 'Connect', history: ['Connect'], data: undefined }));

/** Pushes a view; pushing the view already shown does nothing. */
export function pushView(view: ViewName, data?: RouterData): void {
  const { view: current, history } = $router.get();
  if (view === current) return;
  $router.set({ view, history: [...history, view], data });
}

/** Replaces the current view without adding to history. */
export function replaceView(view: ViewName, data?: RouterData): void {
  const history = $router.get().history.slice(0, -1);
  $router.set({ view, history: [...history, view], data });
}

/** Makes `view` the only entry in history. */
export function resetRouter(view: ViewName = 'Connect', data?: RouterData): void {
  $router.set({ view, history: [view], data });
}

/** Pops one view; returns false (and changes nothing) when on the first view. */
export function popView(): boolean {
  const history = $router.get().history;
  if (history.length <= 1) return false;
  const next = history.slice(0, -1);
  $router.set({ view: next[next.length - 1] as ViewName, history: next, data: undefined });
  return true;
}

/** Goes back to the latest `view` in history (dropping the views after it); false when it is not there. */
export function popTo(view: ViewName): boolean {
  const history = $router.get().history;
  const at = history.lastIndexOf(view);
  if (at < 0) return false;
  $router.set({ view, history: history.slice(0, at + 1), data: undefined });
  return true;
}

/** Views the loaded elements can show; `open()` rejects others. Filled by the elements layer. */
const availableViews = new Set<ViewName>();

export function registerViews(views: Iterable<ViewName>): void {
  for (const view of views) availableViews.add(view);
}

export function isViewAvailable(view: ViewName): boolean {
  return availableViews.has(view);
}
