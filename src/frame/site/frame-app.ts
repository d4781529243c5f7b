/**
 * Starts the frame site in its page: restores the stored session token, does the handshake with
 * an allowed parent, and serves the host's requests on the port with the real dependencies
 * (auth API on this origin, the device store its storage allows, the approval, export and passkey screens, WebAuthn).
 */
import { originsReply } from '../../wire/auth-api.js';
import { createAuthApi } from './api-client.js';
import { systemClock, type FrameDeps, type FrameState } from './context.js';
import { openFrameStorage } from './frame-storage.js';
import { serveFramePort } from './dispatcher.js';
import { acceptHost } from './handshake.js';
import { createClickGuard } from './guard/click-guard.js';
import { createJsonRpc } from './json-rpc.js';
import { applyLocale } from './l10n/pick.js';
import { safetyTexts } from './safety-texts.js';
import { createApprovalScreen } from './ui/approval-screen.js';
import { createExportScreen } from './ui/export-screen.js';
import { createPasskeyScreen } from './ui/passkey-screen.js';
import { createStorageScreen } from './ui/storage-screen.js';
import { createSurface, relocalize } from './ui/surface.js';
import { applyTheme } from './ui/theme.js';
import { browserPasskeys } from './webauthn.js';

/**
 * The embedding page's origin: `location.ancestorOrigins[0]` (Chromium, WebKit), else the
 * referrer's origin (Firefox), which the browser sets and a page can only strip, never forge.
 */
function parentOrigin(): string | undefined {
  const fromAncestors = location.ancestorOrigins?.[0];
  if (fromAncestors) return fromAncestors;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

export async function startFrame(): Promise<void> {
  const projectId = new URLSearchParams(location.search).get('projectId') ?? '';
  const fetchFn = (url: string, init: RequestInit) => fetch(url, init);
  const api = createAuthApi(fetchFn);
  // Found out first: whether this browser keeps the frame's data (a cross-site frame may get none).
  const storage = await openFrameStorage();
  const { store } = storage;
  const token = await store.getToken().catch(() => undefined);
  if (token) api.setToken(token);

  const origin = parentOrigin();
  const port = await acceptHost({
    parent: window.parent === window ? undefined : window.parent,
    parentOrigin: origin,
    allowedOrigins: async () => (await api.get('/origins', originsReply, { projectId })).allowedOrigins,
    listen(onMessage) {
      const listener = (event: MessageEvent) => onMessage(event);
      window.addEventListener('message', listener);
      return () => window.removeEventListener('message', listener);
    },
  });
  if (!port) return;

  const root = document.getElementById('w3kit-frame') ?? document.body;
  const surface = createSurface(root, (event) => port.postMessage(event));
  const state: FrameState = { projectId, ...(origin ? { parentOrigin: origin } : {}) };
  const locale = () => state.dapp?.locale;
  const texts = () => safetyTexts(locale());
  const guard = createClickGuard({ texts });
  const deps: FrameDeps = {
    api,
    store,
    approvals: createApprovalScreen(surface, guard),
    exportScreen: createExportScreen(surface, { guard, clock: systemClock, texts, locale }),
    passkeyScreen: createPasskeyScreen(surface, locale),
    passkeys: browserPasskeys(),
    clock: systemClock,
    jsonRpc: createJsonRpc(fetchFn),
    applyTheme: (theme) => applyTheme(document.documentElement, theme),
    // The page's lang and dir, and a shown export, passkey or storage screen says its texts again.
    localeChanged: (next) => {
      applyLocale(document.documentElement, next);
      relocalize(root);
    },
    reload: () => location.reload(),
    hostLayout: (layout) => guard.hostLayout(layout),
    storage,
    storageScreen: createStorageScreen(surface, locale),
  };
  serveFramePort(port, deps, state);
}
