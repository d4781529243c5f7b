import { beforeEach, describe, expect, it, vi } from 'vitest';
import { $wcPairing } from './state.js';
import { cancelWalletConnectPairing, pairWalletConnect } from './pairing.js';
import type { RegistryWallet } from '../registry/wallet-list.js';

/** The session chunk (sign-client) arrives when the test releases it. */
const chunk = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
const session = vi.hoisted(() => ({ startWcPairing: vi.fn(async () => {}), stopWcPairing: vi.fn() }));

vi.mock('./session.js', async () => {
  await chunk.arrived;
  return session;
});

const wallet = { id: 'safe', name: 'Safe' } as RegistryWallet;

beforeEach(() => {
  vi.clearAllMocks();
  $wcPairing.set({ status: 'idle' });
});

describe('walletconnect pairing', () => {
  it('a cancel while sign-client loads: nothing starts and the state is idle again', async () => {
    const pairing = pairWalletConnect(wallet);
    expect($wcPairing.get()).toEqual({ status: 'loading', wallet });
    cancelWalletConnectPairing();
    expect($wcPairing.get()).toEqual({ status: 'idle' });
    chunk.release();
    await pairing;
    expect(session.startWcPairing).not.toHaveBeenCalled();
  });

  it('starts pairing for the wallet once loaded, and a cancel stops it through the session module', async () => {
    await pairWalletConnect(wallet);
    expect(session.startWcPairing).toHaveBeenCalledWith(wallet);
    cancelWalletConnectPairing();
    expect(session.stopWcPairing).toHaveBeenCalledTimes(1);
  });
});
