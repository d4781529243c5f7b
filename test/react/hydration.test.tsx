/**
 * Server rendering: the hooks hydrate with no mismatch (React errors #418/#423). The HTML is
 * rendered as a server renders it (renderToString, no modal), then the page does what a Next.js
 * client does before hydrating: createW3Modal with a stored connection, which shows `connecting`
 * and the active network at once. The first client render must equal the server's; the live
 * values follow right after hydration.
 *
 * Bundled by scripts/bundle-react-test.mjs; web-test-runner runs the bundle in Chromium.
 */
import { expect } from 'chai';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import {
  createW3Modal,
  networks,
  useW3Account,
  useW3AuthStatus,
  useW3Balance,
  useW3Connections,
  useW3Modal,
  useW3Network,
  useW3Provider,
  useW3State,
} from '../../src/react/index.js';
import { waitFor } from '../browser/helpers.js';

declare function describe(name: string, fn: () => void): void;
declare function it(name: string, fn: () => void | Promise<void>): void;
declare function after(fn: () => void | Promise<void>): void;

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

function Probe() {
  const account = useW3Account();
  const { network } = useW3Network();
  const state = useW3State();
  const { isOpen } = useW3Modal();
  const balance = useW3Balance();
  const connections = useW3Connections();
  const auth = useW3AuthStatus();
  const { walletProviderType } = useW3Provider('eip155');
  return (
    <output id="hydration-probe">
      {`account: ${account.status}; network: ${network?.name ?? '-'}; initialized: ${String(state.initialized)}; ` +
        `open: ${String(isOpen)}; balance: ${balance.symbol ?? '-'}; connections: ${connections.length}; ` +
        `auth: ${auth}; provider: ${walletProviderType ?? '-'}`}
    </output>
  );
}

/** A connection the last visit stored: its wallet is not on this page, so the restore ends disconnected. */
function storeConnection(): void {
  const set = (key: string, value: unknown) => localStorage.setItem(`@w3kit/${key}`, JSON.stringify(value));
  set('connectedConnectorIds', { eip155: 'dev.w3kit.gone' });
  set('connections', { eip155: [{ connectorId: 'dev.w3kit.gone', namespace: 'eip155', accounts: [{ address: ADDRESS, type: 'eoa' }] }] });
  set('connectedNamespaces', ['eip155']);
  set('connectionStatus', 'connected');
  set('activeNamespace', 'eip155');
}

describe('hydration', () => {
  let root: Root | undefined;
  const container = document.createElement('div');

  after(() => {
    root?.unmount();
    container.remove();
    localStorage.clear();
  });

  it('the first client render equals the server HTML while a stored connection restores; the live values follow', async () => {
    const serverHtml = renderToString(<Probe />);
    expect(serverHtml).to.include('account: disconnected; network: -; initialized: false');

    storeConnection();
    createW3Modal({ networks: [networks.localhost], metadata: { name: 'w3kit hydration test' } });
    container.innerHTML = serverHtml;
    document.body.append(container);

    const recoverable: string[] = [];
    const consoleErrors: string[] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => {
      consoleErrors.push(args.map(String).join(' '));
      originalError.apply(console, args);
    };
    try {
      root = hydrateRoot(container, <Probe />, {
        onRecoverableError: (error) => recoverable.push(error instanceof Error ? error.message : String(error)),
      });
      const text = () => container.querySelector('#hydration-probe')?.textContent ?? '';
      await waitFor(() => text().includes('network: Localhost'), 3000, 'the live network after hydration');
    } finally {
      console.error = originalError;
    }
    expect(recoverable, 'recoverable hydration errors').to.deep.equal([]);
    expect(consoleErrors.filter((m) => /hydrat|#418|#423/i.test(m))).to.deep.equal([]);
    const live = container.querySelector('#hydration-probe')?.textContent ?? '';
    expect(live).to.match(/^account: (connecting|disconnected); network: Localhost; initialized: true; open: false/);
  });
});
