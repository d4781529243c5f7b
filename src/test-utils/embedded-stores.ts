/**
 * The embedded stores' node tests' common ground: each test starts with a browser-like global
 * (localStorage, window), every store at its start (resetStores), the modal open on Connect, the
 * frame test double answering `handlers`, the options given over a frame at FRAME_URL and a
 * network that reaches no node, and the AUTH connector in place; `endEmbedded()` undoes it.
 */
import { expect, vi } from 'vitest';
import type { W3ModalOptions } from '../core/options.js';
import { setOptions } from '../stores/app/options.js';
import { resetStores } from '../stores/app/reset.js';
import { initConnectors } from '../stores/connection/discovery.js';
import { submitEmail, submitOtp } from '../stores/embedded/actions.js';
import { initEmbedded } from '../stores/embedded/connector.js';
import { destroyFrame, setBridgeLoader } from '../stores/embedded/frame.js';
import { forgetUser } from '../stores/embedded/session.js';
import { $emailLogin } from '../stores/embedded/state.js';
import { initNetworks } from '../stores/network/networks.js';
import { $modal } from '../stores/ui/modal.js';
import { EMBEDDED_USER, installFrameDouble, type FrameDouble, type Handlers } from './frame-double.js';
import { offlineLocal } from './networks.js';
import { MemoryStorage } from './storage.js';

/** The frame's address in the options (the double answers in its place). */
export const FRAME_URL = 'http://127.0.0.1:4303';

/** The frame's answers for an e-mail login (any code) and a live session; a test adds or replaces its own. */
export const loginHandlers = (): Handlers => ({
  ConnectEmail: () => ({ action: 'VERIFY_OTP' }),
  ConnectOtp: () => ({}),
  GetUser: () => EMBEDDED_USER,
  IsConnected: () => ({ isConnected: true }),
  SignOut: () => ({}),
  SyncDappData: () => ({}),
  SyncTheme: () => ({}),
  RpcAbort: () => ({}),
});

/** Resolves once `check()` holds; throws after `ms`. */
export async function until(check: () => boolean, ms = 2000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A fresh start for one test (see the header); returns the frame double. */
export function startEmbedded(handlers: Handlers = loginHandlers(), options: Partial<W3ModalOptions> = {}): FrameDouble {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('window', new EventTarget());
  resetStores();
  $modal.setKey('open', true);
  const frame = installFrameDouble(handlers);
  setOptions({
    projectId: 'w3kit-dev',
    networks: [offlineLocal.localhost],
    secureSiteUrl: FRAME_URL,
    features: { email: true },
    ...options,
  });
  initNetworks();
  initConnectors();
  initEmbedded();
  return frame;
}

/** After each test: the user forgotten, the frame gone, the globals back. */
export function endEmbedded(): void {
  forgetUser();
  destroyFrame();
  setBridgeLoader(undefined);
  $modal.setKey('open', false);
  vi.unstubAllGlobals();
}

/** Logs in by e-mail (the double answers VERIFY_OTP and takes any code). */
export async function emailLogin(): Promise<void> {
  submitEmail('ada@example.com');
  await until(() => $emailLogin.get().step === 'otp');
  await submitOtp('123456');
  expect($emailLogin.get().step).toBe('connected');
}
