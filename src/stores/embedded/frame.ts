/**
 * The one bridge to the secure frame (lazy): created on demand, published in `$frameElement` for
 * the modal to render, its timeouts shown as alerts (spec 8), its events applied (Visibility and
 * Height to `$frameView`; SessionExpired signs out locally with 'Session Expired'), theme and
 * dapp data synced once it is initialized and again on every change (the theme as the modal
 * resolved it, the dapp data with the locale). The bridge's chunk failing to load is 'Unable to
 * load email login dependency'.
 */
import { isEmbeddedNamespace } from '../../chains/frame-namespaces.js';
import { EmbeddedWalletError } from '../../core/errors/frame.js';
import { logger } from '../../core/logger.js';
import { FRAME_ERROR_TEXT, FRAME_SDK_VERSION, type FrameTimeoutKind } from '../../frame/constants.js';
import type { FrameBridge, FrameBridgeOptions, FrameRequestOptions } from '../../frame/bridge/bridge.js';
import type { FrameEvent, FramePayload, FrameRequestType, FrameResult } from '../../frame/messages.js';
import { $options } from '../app/options.js';
import { $networks } from '../network/networks.js';
import { showAlert } from '../ui/alerts.js';
import { $locale } from '../ui/locale.js';
import { $themeMode, $themeVariables } from '../ui/theme.js';
import { $frameLayout } from './frame-element.js';
import { afterHolderUpdate, resolvedTheme } from './frame-theme.js';
import { $frameElement, $frameView } from './state.js';

type CreateBridge = (options: FrameBridgeOptions) => FrameBridge;

const loadBridge = (): Promise<CreateBridge> => import('../../frame/bridge/bridge.js').then((m) => m.createFrameBridge);

let loader: () => Promise<CreateBridge> = loadBridge;
let bridge: FrameBridge | undefined;
let creating: Promise<FrameBridge> | undefined;
let stopSync: (() => void) | undefined;
let stopLayout: (() => void) | undefined;
const sessionExpiredListeners = new Set<() => void>();

/** Tests: how the bridge is made (a factory over a test double, or a failing loader). */
export function setBridgeLoader(next: (() => Promise<CreateBridge>) | undefined): void {
  loader = next ?? loadBridge;
}

/** Runs `listener` when the frame says the session expired (the session module signs out). */
export function onSessionExpired(listener: () => void): () => void {
  sessionExpiredListeners.add(listener);
  return () => sessionExpiredListeners.delete(listener);
}

function onTimeout(kind: FrameTimeoutKind): void {
  showAlert(kind === 'iframe_load_failed' ? 'EMBEDDED_WALLET_LOAD_FAILED' : 'EMBEDDED_WALLET_TIMEOUT');
  // A frame that never loaded is dropped, so the next attempt loads it again.
  if (kind === 'iframe_load_failed') destroyFrame();
}

function onEvent(event: FrameEvent): void {
  if (event.type === 'Visibility') $frameView.setKey('visible', event.visible);
  else if (event.type === 'Height') $frameView.setKey('height', event.height);
  else {
    showAlert('SESSION_EXPIRED');
    for (const listener of [...sessionExpiredListeners]) listener();
  }
}

/**
 * The theme as the frame takes it: the mode and the `--w3-*` variables as strings, the app's
 * overlaid with the values the modal resolved (./frame-theme.ts).
 */
export function themePayload(): FramePayload<'SyncTheme'> {
  const variables = Object.entries({ ...$themeVariables.get(), ...resolvedTheme($frameElement.get()) }).filter(([key]) =>
    /^--w3-[a-z0-9-]{1,40}$/.test(key),
  );
  return {
    themeMode: $themeMode.get(),
    ...(variables.length ? { themeVariables: Object.fromEntries(variables.map(([k, v]) => [k, String(v).slice(0, 200)])) } : {}),
  };
}

/**
 * What the frame needs of the app: project, metadata, the networks of the namespaces it holds keys for, with their first
 * http RPC URL, locale, and the Blockchain API (its smart accounts' backend).
 */
export function dappDataPayload(): FramePayload<'SyncDappData'> {
  const options = $options.get();
  const networks = $networks
    .get()
    .filter((n) => isEmbeddedNamespace(n.chainNamespace))
    .flatMap((n) => {
      const rpcUrl = n.rpcUrls.default.http.find((u) => /^https?:\/\//.test(u));
      if (!rpcUrl) return [];
      const { name, symbol, decimals } = n.nativeCurrency;
      return [{ caipNetworkId: n.caipNetworkId, name: n.name, rpcUrl, nativeCurrency: { name, symbol, decimals } }];
    })
    .slice(0, 64);
  const metadata = options?.metadata;
  return {
    projectId: options?.projectId ?? '',
    sdkVersion: FRAME_SDK_VERSION,
    ...(metadata
      ? {
          metadata: {
            name: metadata.name,
            ...(metadata.description ? { description: metadata.description } : {}),
            ...(metadata.url ? { url: metadata.url } : {}),
            ...(metadata.icons ? { icons: metadata.icons.slice(0, 4) } : {}),
          },
        }
      : {}),
    networks,
    locale: $locale.get(),
    // The Blockchain API the frame asks about smart accounts (networks, contracts, bundler, paymaster).
    ...(options?.blockchainApiUrl && /^https?:\/\//.test(options.blockchainApiUrl) ? { apiUrl: options.blockchainApiUrl } : {}),
  };
}

const logSyncFailure = (what: string) => (err: unknown) => logger.warn(`Could not sync ${what} to the embedded wallet`, err);

/** Resolves once the frame has the dapp data (its networks): every other request waits for it. */
let synced: Promise<void> = Promise.resolve();

function startSync(b: FrameBridge): void {
  let sentLocale: string | undefined;
  synced = b.initialized.then(
    () => {
      const dapp = dappDataPayload();
      sentLocale = dapp.locale;
      return b.request('SyncDappData', dapp).then(() => undefined, logSyncFailure('dapp data'));
    },
    () => undefined,
  );
  void synced.then(() => {
    if (bridge !== b) return;
    // After the modal rendered the change (its resolved values), and only when something changed.
    let sent = '';
    const syncTheme = (): void =>
      void afterHolderUpdate($frameElement.get())
        .then(() => {
          const payload = themePayload();
          const key = JSON.stringify(payload);
          if (bridge !== b || key === sent) return;
          sent = key;
          return b.request('SyncTheme', payload);
        })
        .catch(logSyncFailure('the theme'));
    // The locale goes with the dapp data: the frame's screens follow it, a shown one at once.
    const syncLocale = (): void => void b.request('SyncDappData', dappDataPayload()).catch(logSyncFailure('dapp data'));
    const stops = [
      $themeMode.listen(syncTheme),
      $themeVariables.listen(syncTheme),
      // Shown again: the page's own CSS may have changed the modal's look meanwhile.
      $frameView.listen((view) => view.visible && syncTheme()),
      $locale.listen(syncLocale),
    ];
    syncTheme();
    // A change while the first dapp data was on its way.
    if ($locale.get() !== sentLocale) syncLocale();
    stopSync = () => stops.forEach((stop) => stop());
  });
}

/** The bridge, created (and its iframe published) on first use. */
export function ensureFrame(): Promise<FrameBridge> {
  if (bridge) return Promise.resolve(bridge);
  creating ??= (async () => {
    const options = $options.get();
    if (!options?.secureSiteUrl) throw new EmbeddedWalletError(FRAME_ERROR_TEXT.noIframe, { messageCode: 'FrameNoIframe' });
    const create = await loader().catch((err: unknown) => {
      throw new EmbeddedWalletError(FRAME_ERROR_TEXT.dependency, { messageCode: 'FrameDependency', cause: err });
    });
    const made = create({ secureSiteUrl: options.secureSiteUrl, projectId: options.projectId ?? '', onTimeout, onEvent });
    bridge = made;
    $frameElement.set(made.iframe);
    startSync(made);
    // The frame's click guard hears where the modal shows it (the bridge drops reports before the handshake).
    stopLayout = $frameLayout.listen((layout) => layout && made.report(layout));
    void made.ready.then(
      () => {
        const layout = $frameLayout.get();
        if (layout && bridge === made) made.report(layout);
      },
      () => undefined,
    );
    return made;
  })().finally(() => {
    creating = undefined;
  });
  return creating;
}

/** The bridge if it exists (nothing is created). */
export const currentFrame = (): FrameBridge | undefined => bridge;

/** A request to the frame, creating it first when needed. */
export async function frameRequest<T extends FrameRequestType>(
  type: T,
  payload: FramePayload<T>,
  options?: FrameRequestOptions,
): Promise<FrameResult<T>> {
  const b = await ensureFrame();
  // The frame answers with the app's networks: the dapp data goes first (a failed load rejects below).
  await synced;
  return b.request(type, payload, options);
}

/** Removes the frame (its pending requests are aborted); the next use creates it again. */
export function destroyFrame(): void {
  stopSync?.();
  stopSync = undefined;
  stopLayout?.();
  stopLayout = undefined;
  const b = bridge;
  bridge = undefined;
  b?.destroy();
  $frameElement.set(undefined);
  $frameView.set({ visible: false, height: 0 });
}
