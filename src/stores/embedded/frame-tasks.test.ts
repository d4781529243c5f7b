import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertText } from '../../elements/l10n/alerts.js';
import { EMBEDDED_USER, type FrameDouble } from '../../test-utils/frame-double.js';
import { emailLogin, endEmbedded, loginHandlers, startEmbedded, until } from '../../test-utils/embedded-stores.js';
import { networks, type Network } from '../../wire/networks.js';
import { storage } from '../app/storage.js';
import { getAccountState } from '../connection/account.js';
import { $frameLayout } from './frame-element.js';
import { getWalletProvider } from '../connection/providers.js';
import { chooseNetwork, performSwitch } from '../connection/network-switch.js';
import { $activeNetwork } from '../network/networks.js';
import { $alert } from '../ui/alerts.js';
import { $modal, closeModal, openModalOn } from '../ui/modal.js';
import { $router, popView, pushView } from '../ui/router.js';
import { $toast } from '../ui/toast.js';
import { setThemeMode } from '../ui/theme.js';
import { abortPendingApproval, exportKey, startEmailChange, submitEmailChangeOtp } from './actions.js';
import { destroyFrame } from './frame.js';
import { $emailChange, $embeddedUser, $frameElement, $frameTask, $frameView } from './state.js';

const local = (n: Network): Network => ({ ...n, rpcUrls: { default: { http: ['http://127.0.0.1:9/'] } } });
const EVM = local(networks.localhost);
const SOLANA = local(networks.solanaLocal);
const EVM2 = local(networks.localhost2);

let frame: FrameDouble;

async function login(): Promise<void> {
  await emailLogin();
  // A login from the connect flow closes the modal (issue 28); these tests act from Account, as a dApp opens it.
  expect($modal.get().open).toBe(false);
  openModalOn('Account');
}

beforeEach(() => {
  $emailChange.set({ step: 'idle', newEmail: undefined, error: undefined });
  frame = startEmbedded(
    { ...loginHandlers(), SwitchNetwork: ({ chainId }) => ({ chainId }) },
    {
      networks: [EVM, SOLANA, EVM2],
      metadata: { name: 'Demo', description: 'A demo', url: 'https://demo.example', icons: [] },
    },
  );
});

afterEach(() => endEmbedded());

describe('unsafe requests and the approval view', () => {
  it('opens ApproveTransaction (opening the modal) while the frame asks the user, then closes it', async () => {
    await login();
    closeModal();
    let answer!: (v: unknown) => void;
    frame.handlers.RpcRequest = () => new Promise((r) => (answer = r));
    const provider = getWalletProvider('eip155') as { request(a: { method: string; params?: unknown }): Promise<unknown> };
    const signing = provider.request({ method: 'personal_sign', params: ['0x68690a', EMBEDDED_USER.address] });
    await until(() => $frameTask.get() !== undefined);
    expect($frameTask.get()).toEqual({ kind: 'rpc', namespace: 'eip155', method: 'personal_sign' });
    expect($modal.get().open).toBe(true);
    expect($router.get().view).toBe('ApproveTransaction');
    expect(frame.calls.at(-1)).toMatchObject({ type: 'RpcRequest', payload: { chainId: EVM.caipNetworkId, method: 'personal_sign' } });
    answer({ result: '0xsigned' });
    expect(await signing).toBe('0xsigned');
    expect($frameTask.get()).toBeUndefined();
    expect($modal.get().open).toBe(false);
  });

  it('goes back to the previous view when the modal was already open', async () => {
    await login();
    frame.handlers.RpcRequest = () => ({ result: 'sig' });
    const provider = getWalletProvider('solana') as { signMessage(a: string, m: Uint8Array): Promise<Uint8Array> };
    await provider.signMessage(EMBEDDED_USER.accounts[1]!.address, new Uint8Array([1])).catch(() => undefined);
    expect($router.get().view).toBe('Account');
    expect($modal.get().open).toBe(true);
  });

  it('leaving the approval aborts only the pending unsafe request with "Request was aborted", and tells the frame', async () => {
    await login();
    const provider = getWalletProvider('eip155') as { request(a: { method: string; params?: unknown }): Promise<unknown> };
    const sending = provider.request({ method: 'eth_sendTransaction', params: [{}] }).catch((e: Error) => e);
    const reading = provider.request({ method: 'eth_blockNumber' });
    let readSettled = false;
    reading.finally(() => (readSettled = true)).catch(() => undefined);
    await until(() => $router.get().view === 'ApproveTransaction');
    abortPendingApproval();
    expect(((await sending) as Error).message).toBe('Request was aborted');
    expect(frame.calls.map((c) => c.type)).toContain('RpcAbort');
    await new Promise((r) => setTimeout(r, 20));
    expect(readSettled).toBe(false);
    expect($frameTask.get()).toBeUndefined();
  });

  it('going Back from the approval aborts the pending request; a settled request going back never aborts the next one', async () => {
    await login();
    const answers: ((v: unknown) => void)[] = [];
    frame.handlers.RpcRequest = () => new Promise((r) => answers.push(r));
    const provider = getWalletProvider('eip155') as { request(a: { method: string; params?: unknown }): Promise<unknown> };
    const first = provider.request({ method: 'personal_sign', params: ['0x01', EMBEDDED_USER.address] });
    await until(() => answers.length === 1);
    answers[0]!({ result: '0xfirst' });
    // The next request starts at once, while the first one's view is still going back.
    const second = provider.request({ method: 'personal_sign', params: ['0x02', EMBEDDED_USER.address] }).catch((e: Error) => e);
    expect(await first).toBe('0xfirst');
    await until(() => answers.length === 2);
    expect(frame.calls.map((c) => c.type)).not.toContain('RpcAbort');
    expect($router.get().view).toBe('ApproveTransaction');
    // The user goes Back: the pending one is aborted.
    popView();
    expect(((await second) as Error).message).toBe('Request was aborted');
    expect(frame.calls.map((c) => c.type)).toContain('RpcAbort');
  });
});

describe('switching network', () => {
  it('goes through SwitchNetwork (spec 2), asks the frame, and the app follows', async () => {
    await login();
    await chooseNetwork(EVM2.caipNetworkId);
    expect($router.get().view).toBe('SwitchNetwork');
    await performSwitch(EVM2.caipNetworkId);
    expect(frame.calls.filter((c) => c.type === 'SwitchNetwork').at(-1)?.payload).toEqual({ chainId: EVM2.caipNetworkId });
    expect($activeNetwork.get()?.caipNetworkId).toBe(EVM2.caipNetworkId);
    expect(getAccountState('eip155').caipAddress).toBe(`${EVM2.caipNetworkId}:${EMBEDDED_USER.address}`);
    expect(storage.get('lastUsedChain')).toBe(EVM2.caipNetworkId);
  });
});

describe('export', () => {
  it('shows the frame for the export, without a timeout, and clears the task when it closes', async () => {
    await login();
    let close: (() => void) | undefined;
    frame.handlers.ExportKey = () => new Promise<object>((r) => (close = () => r({})));
    const exporting = exportKey();
    await until(() => $frameTask.get()?.kind === 'export');
    expect($router.get().view).toBe('ApproveTransaction');
    await until(() => frame.calls.some((c) => c.type === 'ExportKey'));
    expect(frame.calls.find((c) => c.type === 'ExportKey')?.timeoutMs).toBeNull();
    await until(() => close !== undefined);
    close?.();
    await exporting;
    expect($frameTask.get()).toBeUndefined();
    expect($router.get().view).toBe('Account');
  });

  it('leaving the export screen ends it', async () => {
    await login();
    const exporting = exportKey();
    await until(() => $frameTask.get()?.kind === 'export');
    abortPendingApproval();
    await exporting;
    expect($frameTask.get()).toBeUndefined();
  });
});

describe('e-mail change', () => {
  it('primary code, secondary code, then the new e-mail is stored', async () => {
    await login();
    let user = EMBEDDED_USER;
    frame.handlers.GetUser = () => user;
    frame.handlers.UpdateEmail = () => ({ action: 'VERIFY_PRIMARY_OTP' });
    frame.handlers.UpdateEmailPrimaryOtp = () => ({ action: 'VERIFY_SECONDARY_OTP' });
    frame.handlers.UpdateEmailSecondaryOtp = () => {
      setTimeout(() => (user = { ...EMBEDDED_USER, email: 'grace@example.com' }), 1200);
      return { newEmail: 'grace@example.com' };
    };
    expect(startEmailChange('bad')).toBe('INVALID');
    // The form refuses, before anything is sent: a 312-character address, the current address.
    expect(startEmailChange(`${'g'.repeat(300)}@example.com`)).toBe('TOO_LONG');
    expect(startEmailChange(' ADA@example.com ')).toBe('SAME_AS_CURRENT');
    expect(frame.calls.filter((c) => c.type === 'UpdateEmail')).toHaveLength(0);
    expect(startEmailChange('grace@example.com')).toBeUndefined();
    await until(() => $emailChange.get().step === 'primary');
    await submitEmailChangeOtp('111111');
    expect($emailChange.get().step).toBe('secondary');
    pushView('UpdateEmailWallet');
    await submitEmailChangeOtp('222222');
    // Done: back to Account with a toast, and the next change starts afresh.
    expect($router.get().view).toBe('Account');
    await until(() => $toast.get().open && ($toast.get().message as { code?: string }).code === 'EMAIL_UPDATED');
    expect($toast.get().variant).toBe('success');
    expect($emailChange.get()).toEqual({ step: 'idle', newEmail: undefined, error: undefined });
    expect(frame.calls.filter((c) => c.type === 'GetUser').length).toBeGreaterThanOrEqual(3);
    expect($embeddedUser.get()?.email).toBe('grace@example.com');
    expect(storage.get('email')).toBe('grace@example.com');
  });

  it('keeps a wrong code as the error on its step', async () => {
    await login();
    frame.handlers.UpdateEmail = () => ({ action: 'VERIFY_PRIMARY_OTP' });
    frame.handlers.UpdateEmailPrimaryOtp = () => Promise.reject(new Error('Invalid code'));
    startEmailChange('grace@example.com');
    await until(() => $emailChange.get().step === 'primary');
    await submitEmailChangeOtp('111111');
    expect($emailChange.get().step).toBe('primary');
    expect(($emailChange.get().error as Error).message).toBe('Invalid code');
  });
});

describe('frame timeouts, events and sync', () => {
  it('shows the load and request timeout alerts; a frame that never loaded is dropped', async () => {
    await login();
    frame.options.onTimeout('iframe_request_timeout');
    expect(alertText($alert.get()!.code).shortMessage).toBe('Embedded Wallet Request Timed Out');
    frame.options.onTimeout('iframe_load_failed');
    expect(alertText($alert.get()!.code).shortMessage).toBe('Network Error - Could not load embedded wallet');
    expect($frameElement.get()).toBeUndefined();
  });

  it('applies Visibility and Height; SessionExpired shows the alert and signs out locally', async () => {
    await login();
    frame.options.onEvent?.({ kind: 'event', type: 'Visibility', visible: true });
    frame.options.onEvent?.({ kind: 'event', type: 'Height', height: 420 });
    expect($frameView.get()).toEqual({ visible: true, height: 420 });
    frame.options.onEvent?.({ kind: 'event', type: 'SessionExpired' });
    expect(alertText($alert.get()!.code).shortMessage).toBe('Session Expired');
    await until(() => $embeddedUser.get() === undefined);
    await until(() => getAccountState('eip155').status === 'disconnected' && getAccountState('solana').status === 'disconnected');
    expect(storage.get('emailLoginUsed')).toBeUndefined();
  });

  it("forwards the modal's layout reports to the frame, the last one once it is ready; none after the frame is gone", async () => {
    const layout = (y: number) => ({
      kind: 'layout' as const,
      rect: { x: 10, y, width: 360, height: 300 },
      clipped: false,
      animating: false,
    });
    $frameLayout.set(layout(1));
    await login();
    $frameLayout.set(layout(2));
    expect(frame.reports).toEqual([layout(1), layout(2)]);
    destroyFrame();
    $frameLayout.set(layout(3));
    expect(frame.reports).toHaveLength(2);
    $frameLayout.set(undefined);
  });

  it('syncs the dapp data once initialized, and the theme on every change', async () => {
    await login();
    const dapp = frame.calls.find((c) => c.type === 'SyncDappData')?.payload;
    expect(dapp).toEqual({
      projectId: 'w3kit-dev',
      sdkVersion: '4',
      metadata: { name: 'Demo', description: 'A demo', url: 'https://demo.example', icons: [] },
      networks: [
        { caipNetworkId: EVM.caipNetworkId, name: EVM.name, rpcUrl: 'http://127.0.0.1:9/', nativeCurrency: EVM.nativeCurrency },
        { caipNetworkId: SOLANA.caipNetworkId, name: SOLANA.name, rpcUrl: 'http://127.0.0.1:9/', nativeCurrency: SOLANA.nativeCurrency },
        { caipNetworkId: EVM2.caipNetworkId, name: EVM2.name, rpcUrl: 'http://127.0.0.1:9/', nativeCurrency: EVM2.nativeCurrency },
      ],
      locale: 'en',
    });
    setThemeMode('dark');
    await until(() => (frame.calls.filter((c) => c.type === 'SyncTheme').at(-1)?.payload as { themeMode?: string }).themeMode === 'dark');
    expect(frame.calls.filter((c) => c.type === 'SyncTheme').at(-1)?.payload).toEqual({ themeMode: 'dark' });
  });
});
