import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networks } from '../../wire/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { pushView, resetRouter } from '../ui/router.js';
import { prepareWalletConnect } from './connector.js';
import { getWcClient } from './session.js';

vi.mock('./session.js', () => ({ getWcClient: vi.fn(() => Promise.resolve({})) }));

/** The idle callbacks asked for, run when the test says the page is idle. */
let idle: (() => void)[] = [];
function runIdle(): void {
  const due = idle;
  idle = [];
  for (const run of due) run();
}

describe('prepareWalletConnect: sign-client gets ready while Connect shows', () => {
  beforeEach(() => {
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    setOptions({ networks: [networks.mainnet], projectId: 'p', relayUrl: 'ws://127.0.0.1:9' });
    resetRouter('Connect');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetOptions();
    resetRouter();
  });

  it('does nothing when the person has left Connect by the idle moment (All Wallets: it would compete with it); Connect shown again prepares', async () => {
    prepareWalletConnect();
    pushView('AllWallets');
    runIdle();
    await new Promise((r) => setTimeout(r, 50));
    expect(getWcClient).not.toHaveBeenCalled();
    resetRouter('Connect');
    prepareWalletConnect();
    expect(getWcClient).not.toHaveBeenCalled(); // not before an idle moment
    runIdle();
    await vi.waitFor(() => expect(getWcClient).toHaveBeenCalledTimes(1));
  });
});
