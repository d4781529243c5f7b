import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networks } from '../../wire/networks.js';
import { walletEntry } from '../../test-utils/wallet-entry.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { resetOptions, setOptions } from '../app/options.js';
import { $router, pushView, resetRouter } from '../ui/router.js';
import { $modal, closeModal, openModalOn } from '../ui/modal.js';
import { $walletConnectQr, cancelWalletApp, mobileWallets, openWalletApp, qrWallet, startQrPairing } from './qr.js';
import { $wcPairing } from './state.js';
import { cancelWalletConnectPairing, pairWalletConnect } from './pairing.js';
import type { RegistryWallet } from '../registry/wallet-list.js';

vi.mock('./pairing.js', () => ({
  pairWalletConnect: vi.fn(() => new Promise<void>(() => undefined)),
  cancelWalletConnectPairing: vi.fn(),
}));

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const safe: RegistryWallet = { ...walletEntry('safe'), imageUrl: 'http://127.0.0.1:4301/getWalletImage/safe' };
const CONFIGURED = { networks: [networks.mainnet], apiUrl: 'http://127.0.0.1:9', relayUrl: 'ws://127.0.0.1:9', projectId: 'p' };

let stops: (() => void)[] = [];
const show = (): void => void stops.push($walletConnectQr.listen(() => undefined));
function hide(): void {
  for (const stop of stops) stop();
  stops = [];
}

beforeEach(() => {
  vi.clearAllMocks();
  setOptions(CONFIGURED);
  $accounts.set({});
  resetRouter('Connect');
  $wcPairing.set({ status: 'idle' });
});
afterEach(() => {
  hide();
  closeModal();
  resetOptions();
});

describe('qrWallet', () => {
  it('is the pushed registry wallet, none in the Basic mode or without one', () => {
    expect(qrWallet({ view: 'ConnectingWalletConnect', history: [], data: { wallet: safe } })).toBe(safe);
    expect(qrWallet({ view: 'ConnectingWalletConnectBasic', history: [], data: { wallet: safe } })).toBeUndefined();
    expect(qrWallet({ view: 'ConnectingWalletConnect', history: [], data: { title: 'WalletConnect' } })).toBeUndefined();
  });
});

describe('mobileWallets', () => {
  it('lists featured then recommended wallets with a safe app link, once each, at most six', () => {
    const w = (id: string, mobile_link: string | null): RegistryWallet => ({ ...walletEntry(id, { mobile_link }), imageUrl: '' });
    const featured = [w('a', 'a://'), w('b', null), w('c', 'javascript:alert(1)')];
    const recommended = [w('a', 'a://'), ...['d', 'e', 'f', 'g', 'h', 'i'].map((id) => w(id, `https://${id}.example/app`))];
    const ids = mobileWallets({ status: 'ready', featured, recommended, count: 9 }).map((x) => x.id);
    expect(ids).toEqual(['a', 'd', 'e', 'f', 'g', 'h']);
  });
});

describe('$walletConnectQr', () => {
  it('pairs for the shown wallet while listened, and stops pairing when nothing listens', () => {
    pushView('ConnectingWalletConnect', { wallet: safe });
    expect(pairWalletConnect).not.toHaveBeenCalled();
    show();
    expect(pairWalletConnect).toHaveBeenCalledWith(safe);
    expect($walletConnectQr.get()).toMatchObject({ configured: true, wallet: safe, pairing: { status: 'idle' } });
    hide();
    expect(cancelWalletConnectPairing).toHaveBeenCalledTimes(1);
  });

  it('pairs again (for the new wallet) when a QR view is shown again', () => {
    pushView('ConnectingWalletConnect', { wallet: safe });
    show();
    hide();
    resetRouter('ConnectingWalletConnectBasic');
    show();
    expect(vi.mocked(pairWalletConnect).mock.calls).toEqual([[safe], [undefined]]);
  });

  it('does not pair without WalletConnect configured, yet still stops on leaving', () => {
    setOptions({ networks: [networks.mainnet] });
    show();
    expect($walletConnectQr.get().configured).toBe(false);
    expect(pairWalletConnect).not.toHaveBeenCalled();
    hide();
    expect(cancelWalletConnectPairing).toHaveBeenCalledTimes(1);
  });
});

describe('startQrPairing', () => {
  it('closes the modal once the wallet approved and connected, if the QR view still shows (issue 28)', async () => {
    vi.mocked(pairWalletConnect).mockImplementationOnce(async () => {
      patchAccount('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connected' });
    });
    openModalOn('Connect');
    pushView('ConnectingWalletConnect', { wallet: safe });
    startQrPairing();
    await vi.waitFor(() => expect($modal.get().open).toBe(false));
    expect($router.get().view).toBe('Connect');
  });

  it('stays where the person went meanwhile', async () => {
    let approve: () => void = () => undefined;
    vi.mocked(pairWalletConnect).mockImplementationOnce(() => new Promise<void>((resolve) => (approve = resolve)));
    openModalOn('Connect');
    pushView('ConnectingWalletConnect', { wallet: safe });
    startQrPairing();
    pushView('Account');
    patchAccount('eip155', { address: ADDRESS, caipAddress: `eip155:1:${ADDRESS}`, status: 'connected' });
    approve();
    await new Promise((r) => setTimeout(r, 0));
    expect($router.get().view).toBe('Account');
    expect($modal.get().open).toBe(true);
  });

  it('swallows a failure (the pairing state shows it)', async () => {
    vi.mocked(pairWalletConnect).mockRejectedValueOnce(new Error('Could not load WalletConnect'));
    pushView('ConnectingWalletConnect');
    startQrPairing();
    await new Promise((r) => setTimeout(r, 0));
    expect($router.get().view).toBe('ConnectingWalletConnect');
  });
});

describe('a wallet app opened with the URI', () => {
  it('marks the pairing as opened in that wallet; Cancel pairs again for a fresh URI', () => {
    const href = 'safe://wc?uri=wc%3Aabc';
    openWalletApp(safe, href);
    expect($wcPairing.get().openedIn).toBeUndefined(); // no URI shown yet: nothing was handed over
    $wcPairing.set({ status: 'ready', uri: 'wc:abc', expiresAt: 1, wallet: safe });
    openWalletApp(safe, href);
    expect($wcPairing.get()).toMatchObject({ status: 'ready', uri: 'wc:abc', openedIn: { wallet: safe, href } });
    pushView('ConnectingWalletConnect', { wallet: safe });
    vi.mocked(pairWalletConnect).mockClear();
    cancelWalletApp();
    expect(pairWalletConnect).toHaveBeenCalledWith(safe);
  });
});
