/**
 * useW3SiwxSessions: the sessions of the connected account, read through the instance's
 * getSiwxSessions from a real in-memory SIWXConfig (real signatures with a viem account), and
 * read again on account changes and on the SIWX events.
 */
import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { privateKeyToAccount } from 'viem/accounts';
import { createW3Modal, useW3SiwxSessions } from '../../src/react/index.js';
import { createMemorySiwx } from '../../src/test-utils/memory-siwx.js';
import { $accounts, patchAccount } from '../../src/stores/connection/account.js';
import { $activeNamespace } from '../../src/stores/network/networks.js';
import { emitEvent } from '../../src/stores/app/events.js';
import { offlineLocal } from '../../src/test-utils/networks.js';

declare function describe(name: string, fn: () => void): void;
declare function it(name: string, fn: () => void | Promise<void>): void;

async function waitFor(check: () => boolean, message: string, timeout = 4000): Promise<void> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${message}; probe: ${probeText()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function Probe() {
  const { sessions, loading, error } = useW3SiwxSessions();
  return (
    <output id="siwx-probe">{`loading: ${String(loading)}; sessions: ${sessions.map((s) => s.data.accountAddress).join(',') || '-'}; error: ${error?.message ?? '-'}`}</output>
  );
}

const probeText = (): string => document.getElementById('siwx-probe')?.textContent ?? '';

describe('useW3SiwxSessions', () => {
  it('lists the connected account’s sessions, following account changes and the SIWX events', async () => {
    const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    const siwx = createMemorySiwx();
    createW3Modal({ networks: [offlineLocal.localhost], siwx });
    const container = document.createElement('div');
    document.body.append(container);
    const root: Root = createRoot(container);
    flushSync(() => root.render(<Probe />));
    await waitFor(() => probeText() === 'loading: false; sessions: -; error: -', 'no session while disconnected');

    const message = await siwx.createMessage({ accountAddress: account.address, chainId: 'eip155:31337' });
    const { toString: _text, ...data } = message;
    await siwx.addSession({ data, message: message.toString(), signature: await account.signMessage({ message: message.toString() }) });
    $activeNamespace.set('eip155');
    patchAccount('eip155', { address: account.address, caipAddress: `eip155:31337:${account.address}`, status: 'connected' });
    await waitFor(() => probeText() === `loading: false; sessions: ${account.address}; error: -`, 'the session of the connected account');
    expect(await siwx.getSessions('eip155:31337', account.address)).to.have.length(1);

    // A sign-out elsewhere: the event reads the sessions again.
    siwx.sessions.clear();
    emitEvent('SIWX_SIGN_OUT', { namespace: 'eip155', address: account.address, caipNetworkId: 'eip155:31337' });
    await waitFor(() => probeText() === 'loading: false; sessions: -; error: -', 'no session after the sign-out');

    // A failing getSessions is the hook's error.
    siwx.failGetSessions = new Error('Session store unreachable');
    emitEvent('SIWX_AUTH_SUCCESS', { namespace: 'eip155', address: account.address, caipNetworkId: 'eip155:31337' });
    await waitFor(() => probeText().endsWith('error: Session store unreachable'), 'the error');
    expect(probeText()).to.equal('loading: false; sessions: -; error: Session store unreachable');
    root.unmount();
    container.remove();
    $accounts.set({});
  });
});
