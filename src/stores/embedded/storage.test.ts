/**
 * After a fresh login the modal learns whether the frame keeps it (issue 32, a frame on another
 * site): nothing shows when it does; a frame that may ask shows its 'Stay logged in' screen in
 * ApproveTransaction (the modal opens for it after the login closed it) and closes after; when
 * the login lasts only until a reload the modal says so once (SESSION_ONLY_LOGIN).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertText } from '../../elements/l10n/alerts.js';
import { type FrameDouble } from '../../test-utils/frame-double.js';
import { emailLogin as login, endEmbedded, startEmbedded, until } from '../../test-utils/embedded-stores.js';
import { $alert } from '../ui/alerts.js';
import { $modal } from '../ui/modal.js';
import { $router, resetRouter } from '../ui/router.js';
import { restoreEmbedded } from './actions.js';
import { $emailLogin, $frameTask } from './state.js';

let frame: FrameDouble;
const settle = () => new Promise((r) => setTimeout(r, 50));

beforeEach(() => {
  frame = startEmbedded();
});

afterEach(() => endEmbedded());

describe('keeping the login on this browser', () => {
  it('shows nothing when the frame keeps its data', async () => {
    frame.handlers.GetStorage = () => ({ storage: 'persistent' });
    await login();
    await until(() => frame.calls.some((c) => c.type === 'GetStorage'));
    await settle();
    expect($alert.get()).toBeUndefined();
    expect($frameTask.get()).toBeUndefined();
    expect($modal.get().open).toBe(false);
    expect(frame.calls.some((c) => c.type === 'RequestStorage')).toBe(false);
  });

  it('says once, in words, that the login ends with a reload, offering a passkey, when the frame keeps none', async () => {
    frame.handlers.GetStorage = () => ({ storage: 'session' });
    await login();
    await until(() => $alert.get() !== undefined);
    expect($alert.get()).toEqual({ code: 'SESSION_ONLY_LOGIN', variant: 'warning' });
    const { shortMessage, longMessage } = alertText('SESSION_ONLY_LOGIN');
    expect(shortMessage).toBe('Logged in until you reload');
    expect(longMessage).toMatch(/ends when you reload the page\. Add a passkey to log in next time/);
  });

  it("shows the frame's 'Stay logged in' screen after the login closed the modal; a grant shows nothing more", async () => {
    frame.handlers.GetStorage = () => ({ storage: 'ask' });
    let answer!: (v: { storage: 'persistent' | 'session' }) => void;
    frame.handlers.RequestStorage = () => new Promise((r) => (answer = r));
    await login();
    await until(() => $frameTask.get() !== undefined);
    expect($frameTask.get()).toEqual({ kind: 'storage' });
    expect($modal.get().open).toBe(true);
    expect($router.get().view).toBe('ApproveTransaction');
    expect(frame.calls.find((c) => c.type === 'RequestStorage')?.timeoutMs).toBeNull();
    answer({ storage: 'persistent' });
    await until(() => !$modal.get().open);
    expect($frameTask.get()).toBeUndefined();
    expect($alert.get()).toBeUndefined();
  });

  it('says so when the browser refused, or the user left the screen', async () => {
    frame.handlers.GetStorage = () => ({ storage: 'ask' });
    frame.handlers.RequestStorage = () => new Promise(() => undefined);
    await login();
    await until(() => $router.get().view === 'ApproveTransaction' && $modal.get().open);
    resetRouter('Account');
    await until(() => $alert.get() !== undefined);
    expect($alert.get()?.code).toBe('SESSION_ONLY_LOGIN');
    expect(frame.calls.some((c) => c.type === 'RpcAbort')).toBe(true);
  });

  it('says so when the frame fails to answer whether it keeps the login', async () => {
    frame.handlers.GetStorage = () => ({ storage: 'ask' });
    frame.handlers.RequestStorage = () => {
      throw new Error('the frame broke');
    };
    await login();
    await until(() => $alert.get() !== undefined);
    expect($alert.get()?.code).toBe('SESSION_ONLY_LOGIN');
    expect($frameTask.get()).toBeUndefined();
  });

  it('asks nothing on the reload that restores a session', async () => {
    frame.handlers.GetStorage = () => ({ storage: 'session' });
    $modal.setKey('open', false);
    await restoreEmbedded();
    await settle();
    expect($emailLogin.get().step).toBe('connected');
    expect(frame.calls.map((c) => c.type)).toContain('GetUser');
    expect(frame.calls.some((c) => c.type === 'GetStorage')).toBe(false);
    expect($alert.get()).toBeUndefined();
  });
});
