/**
 * Social login's host side in a real browser: a REAL popup window opened by the store, a test
 * double of the callback page (test/social-popup) on the frame's origin (the other loopback name)
 * or elsewhere, and the frame test double of the unit tests for the frame's replies.
 */
import { expect } from 'chai';
import { SOCIAL_POPUP_POLL_MS } from '../../frame/constants.js';
import { EMBEDDED_USER, installFrameDouble, type FrameDouble } from '../../test-utils/frame-double.js';
import { networks } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { storage } from '../app/storage.js';
import { getAccountState } from '../connection/account.js';
import { initNetworks } from '../network/networks.js';
import { $modal } from '../ui/modal.js';
import { $router, popView, resetRouter } from '../ui/router.js';
import { destroyFrame, setBridgeLoader } from './frame.js';
import { forgetUser } from './session.js';
import { cancelSocialLogin, loginWithSocial } from './social.js';
import { $socialLogin } from './state.js';

const here = new URL(location.href);
const otherHost = here.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
const FRAME_ORIGIN = `${here.protocol}//${otherHost}:${here.port}`;
const callback = (origin: string, query: string): string => `${origin}/test/social-popup/?${query}`;

const until = async (check: () => boolean, ms = 5000, what = 'condition'): Promise<void> => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`${what} not reached`);
    await new Promise((r) => setTimeout(r, 10));
  }
};

/** The popups the store opened (window.open called through), and the message listeners it left. */
let popups: (Window | null)[] = [];
const realOpen = window.open.bind(window);
let messageListeners = new Set<unknown>();
const realAdd = window.addEventListener.bind(window);
const realRemove = window.removeEventListener.bind(window);

let frame: FrameDouble;
let uri = '';

const errorOf = (): { shortMessage?: string; details?: string } => $socialLogin.get().error as { shortMessage?: string; details?: string };

describe('social login (host): popup, origin and source checks, endings', function () {
  this.timeout(20_000);

  // The lazy modules the flow loads (the dev server compiles each on first use).
  before(async () => {
    await Promise.all([import('./session.js'), import('../../frame/messages.js')]);
  });

  beforeEach(() => {
    popups = [];
    messageListeners = new Set();
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = realOpen(...args);
      popups.push(popup);
      return popup;
    };
    window.addEventListener = ((type: string, listener: EventListener, options?: unknown) => {
      if (type === 'message') messageListeners.add(listener);
      realAdd(type, listener, options as AddEventListenerOptions);
    }) as typeof window.addEventListener;
    window.removeEventListener = ((type: string, listener: EventListener, options?: unknown) => {
      if (type === 'message') messageListeners.delete(listener);
      realRemove(type, listener, options as EventListenerOptions);
    }) as typeof window.removeEventListener;
    const network = { ...networks.localhost, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } };
    setOptions({
      projectId: 'w3kit-dev',
      networks: [network],
      secureSiteUrl: `${FRAME_ORIGIN}/test/frame-double/`,
      features: { socials: ['google', 'github'] },
    });
    initNetworks();
    resetRouter('Connect');
    $modal.setKey('open', true);
    uri = callback(FRAME_ORIGIN, 'result=ok');
    frame = installFrameDouble({
      GetSocialRedirectUri: () => ({ uri }),
      ConnectSocial: () => ({}),
      GetUser: () => ({ ...EMBEDDED_USER, email: null, userName: 'ada', socialProvider: 'google' }),
      SignOut: () => ({}),
      SyncDappData: () => ({}),
      SyncTheme: () => ({}),
    });
  });

  afterEach(() => {
    cancelSocialLogin();
    for (const popup of popups) popup?.close();
    window.open = realOpen;
    window.addEventListener = realAdd;
    window.removeEventListener = realRemove;
    forgetUser();
    destroyFrame();
    setBridgeLoader(undefined);
    $modal.setKey('open', false);
    $socialLogin.set({ step: 'idle', provider: undefined, error: undefined });
    storage.clear();
    resetOptions();
  });

  const routerListeners = (): number => ($router as unknown as { lc: number }).lc;

  it('opens a 600x800 popup on the call, shows ConnectingSocial, connects on the success message and closes the modal', async () => {
    const before = routerListeners();
    const done = loginWithSocial('google');
    // Synchronous: opened before any await, so no popup blocker stops it.
    expect(popups).to.have.length(1);
    expect(popups[0]).to.not.equal(null);
    expect($router.get().view).to.equal('ConnectingSocial');
    expect($router.get().data).to.deep.equal({ title: 'Google' });
    expect($socialLogin.get()).to.include({ step: 'authenticating', provider: 'google' });
    await done;
    await until(() => !$modal.get().open || $socialLogin.get().step === 'error', 10_000, 'the modal closed');
    expect($socialLogin.get().error).to.equal(undefined);
    expect(frame.calls.map((c) => c.type)).to.include.members(['GetSocialRedirectUri', 'ConnectSocial', 'GetUser']);
    expect(frame.calls.find((c) => c.type === 'GetSocialRedirectUri')?.payload).to.deep.equal({ provider: 'google' });
    // The popup's one-time completion value goes to the frame, which alone holds the login's id.
    expect(frame.calls.find((c) => c.type === 'ConnectSocial')?.payload).to.deep.equal({
      completion: 'completion-value-from-the-callback-0001',
    });
    expect(getAccountState('eip155').status).to.equal('connected');
    expect(storage.get('socialProvider')).to.equal('google');
    expect(storage.get('socialUsername')).to.equal('ada');
    expect($socialLogin.get().step).to.equal('idle');
    expect(popups[0]!.closed).to.equal(true);
    // Every listener removed.
    expect(messageListeners.size).to.equal(0);
    expect(routerListeners()).to.equal(before);
  });

  it('ignores a result from another origin (the popup on the page origin), then the closed popup is "Popup closed"', async () => {
    uri = callback(here.origin, 'result=ok');
    const done = loginWithSocial('github');
    await until(() => {
      try {
        return popups[0]!.location.href.startsWith(here.origin + '/test/social-popup/');
      } catch {
        return false;
      }
    });
    // Let the page post its result, which the host must ignore.
    await new Promise((r) => setTimeout(r, 300));
    expect($socialLogin.get().step).to.equal('authenticating');
    popups[0]!.close();
    await done;
    expect($socialLogin.get().step).to.equal('error');
    expect(errorOf().shortMessage).to.equal('Popup closed');
    expect(frame.calls.map((c) => c.type)).to.not.include('ConnectSocial');
    expect($router.get().view).to.equal('ConnectingSocial');
    expect(messageListeners.size).to.equal(0);
  });

  it('ignores a result from the frame origin posted by another window (an iframe), and a malformed one from the popup', async () => {
    uri = callback(FRAME_ORIGIN, 'result=malformed');
    const done = loginWithSocial('google');
    const iframe = document.createElement('iframe');
    iframe.src = callback(FRAME_ORIGIN, 'result=ok');
    const loaded = new Promise((r) => iframe.addEventListener('load', r));
    document.body.append(iframe);
    await loaded;
    await new Promise((r) => setTimeout(r, 500));
    expect($socialLogin.get().step).to.equal('authenticating');
    const started = Date.now();
    popups[0]!.close();
    await done;
    iframe.remove();
    expect(Date.now() - started).to.be.at.most(SOCIAL_POPUP_POLL_MS + 500);
    expect(errorOf().shortMessage).to.equal('Popup closed');
    expect(frame.calls.map((c) => c.type)).to.not.include('ConnectSocial');
  });

  it('a blocked popup is "Failed to initiate social connection", shown in ConnectingSocial', async () => {
    window.open = () => null;
    await loginWithSocial('google');
    expect($router.get().view).to.equal('ConnectingSocial');
    expect($socialLogin.get().step).to.equal('error');
    expect(errorOf().shortMessage).to.equal('Failed to initiate social connection');
    expect(frame.calls.map((c) => c.type)).to.not.include('GetSocialRedirectUri');
    expect(messageListeners.size).to.equal(0);
  });

  it('the frame failing to give the URL is "Failed to initiate social connection" and closes the popup', async () => {
    frame.handlers.GetSocialRedirectUri = () => {
      throw new Error('Origin not allowed');
    };
    await loginWithSocial('google');
    expect(errorOf().shortMessage).to.equal('Failed to initiate social connection');
    expect(errorOf().details).to.equal('Origin not allowed');
    expect(popups[0]!.closed).to.equal(true);
    expect(messageListeners.size).to.equal(0);
  });

  it('ok:false is "Failed to connect" with the detail, and stays until the user acts', async () => {
    uri = callback(FRAME_ORIGIN, 'result=fail&message=access_denied');
    await loginWithSocial('github');
    expect($socialLogin.get()).to.include({ step: 'error', provider: 'github' });
    expect(errorOf().shortMessage).to.equal('Failed to connect');
    expect(errorOf().details).to.equal('access_denied');
    expect(frame.calls.map((c) => c.type)).to.not.include('ConnectSocial');
    await new Promise((r) => setTimeout(r, SOCIAL_POPUP_POLL_MS + 200));
    expect($socialLogin.get().step).to.equal('error');
    expect($router.get().view).to.equal('ConnectingSocial');
    expect(messageListeners.size).to.equal(0);
  });

  it('takes the result of a popup that closes itself right after posting it (the callback page does), not "Popup closed"', async () => {
    uri = callback(FRAME_ORIGIN, 'result=ok&close=1');
    await loginWithSocial('google');
    await until(() => !$modal.get().open || $socialLogin.get().step === 'error', 10_000, 'the modal closed');
    expect($socialLogin.get().error).to.equal(undefined);
    expect(popups[0]!.closed).to.equal(true);
    expect($modal.get().open).to.equal(false);
  });

  it('ConnectSocial failing after the popup said yes is "Failed to connect"', async () => {
    frame.handlers.ConnectSocial = () => {
      throw new Error('Login expired');
    };
    await loginWithSocial('google');
    await until(() => $socialLogin.get().step === 'error');
    expect(errorOf().shortMessage).to.equal('Failed to connect');
    expect(errorOf().details).to.equal('Login expired');
    expect(storage.get('socialProvider')).to.equal(undefined);
  });

  it('leaving ConnectingSocial or closing the modal ends the login and closes the popup', async () => {
    uri = callback(FRAME_ORIGIN, 'result=none');
    const before = routerListeners();
    const first = loginWithSocial('google');
    popView();
    await first;
    expect(popups[0]!.closed).to.equal(true);
    expect($socialLogin.get().step).to.equal('idle');
    const second = loginWithSocial('github');
    $modal.setKey('open', false);
    await second;
    expect(popups[1]!.closed).to.equal(true);
    expect($socialLogin.get().step).to.equal('idle');
    expect(messageListeners.size).to.equal(0);
    expect(routerListeners()).to.equal(before);
  });
});
