import { useEffect, useRef, useState } from 'react';
import {
  createW3Modal,
  networks,
  useW3Account,
  useW3Modal,
  useW3Network,
  useW3State,
  W3Button,
  W3Modal,
  W3NetworkButton,
} from '../../src/react/index.js';
import type { W3ModalOptions } from '../../src/react/index.js';
import { SiwxPanel, siwxFromUrl } from './siwx-panel.js';

/** The two local Hardhat nodes, the local SVM and the local Bitcoin regtest chain work offline; `?public` adds the networks whose public RPCs need the internet. */
const PUBLIC = new URLSearchParams(location.search).has('public');
const LOCAL = [networks.localhost, networks.localhost2, networks.solanaLocal, networks.bitcoinRegtest];
const NETWORKS = PUBLIC ? [...LOCAL, networks.mainnet, networks.sepolia] : LOCAL;

/** A value `npm start` wrote into a meta tag, or undefined when the page is served some other way. */
function meta(name: string): string | undefined {
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return value && !value.startsWith('__') ? value : undefined;
}

/** createW3Modal binds to the first <w3-modal> on the page, so it runs once <W3Modal /> is mounted. */
let created = false;
function createOnce(): void {
  if (created) return;
  created = true;
  const apiUrl = meta('w3kit-api-url');
  const projectId = meta('w3kit-project-id');
  const relayUrl = meta('w3kit-relay-url');
  const secureSiteUrl = meta('w3kit-secure-site-url');
  // Sign in with X as the URL asks (?siwx=browser|server&required=1). (The cast is for the option's
  // type before issue 17, Record<string, unknown>; it is SIWXConfig with the modal's SIWX support.)
  const siwx = siwxFromUrl({ apiUrl, projectId });
  createW3Modal({
    ...(siwx ? { siwx: siwx as unknown as NonNullable<W3ModalOptions['siwx']> } : {}),
    networks: NETWORKS,
    // The backend serves the Provider API and the Blockchain API; its relay is WalletConnect's.
    ...(apiUrl && projectId ? { apiUrl, blockchainApiUrl: apiUrl, projectId } : {}),
    ...(relayUrl && projectId ? { relayUrl } : {}),
    // The embedded wallet: e-mail and social login through the backend's secure frame site
    // (npm start's development OpenID provider plays every social provider).
    ...(secureSiteUrl && projectId ? { secureSiteUrl } : {}),
    // Swap (the backend's DEX on the local chain) and Buy (its sandbox on-ramp) in the Account view.
    features: {
      swaps: true,
      onramp: true,
      ...(secureSiteUrl && projectId
        ? { email: true, socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'] as const }
        : {}),
    },
    metadata: {
      name: 'w3kit React demo',
      description: 'The w3kit elements used through their React wrappers and hooks.',
      url: location.origin,
      icons: [],
    },
  });
}

function StatusPanel() {
  const account = useW3Account();
  const { network, caipNetworkId, switchNetwork } = useW3Network();
  const state = useW3State();
  return (
    <section aria-labelledby="status-title" className="panel">
      <h2 id="status-title">Status</h2>
      <dl>
        <dt>Account</dt>
        <dd data-testid="account">
          {account.status}
          {account.isConnected ? ` · ${account.address}` : ''}
        </dd>
        <dt>Network</dt>
        <dd data-testid="network">
          {network ? `${network.name} (${caipNetworkId})` : caipNetworkId ? `Unknown Network (${caipNetworkId})` : 'none'}
        </dd>
        <dt>Modal</dt>
        <dd data-testid="state">
          open: {String(state.open)} · view: {state.view} · initialized: {String(state.initialized)}
        </dd>
      </dl>
      <label>
        Switch network{' '}
        <select
          value={caipNetworkId ?? ''}
          onChange={(e) => {
            switchNetwork(e.target.value).catch((err: unknown) => console.error(err));
          }}
        >
          {NETWORKS.map((n) => (
            <option key={n.caipNetworkId} value={n.caipNetworkId}>
              {n.name}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

export function App() {
  const modal = useW3Modal();
  const [log, setLog] = useState<string[]>([]);
  const ref = useRef<HTMLElementTagNameMap['w3-modal']>(null);
  const append = (line: string): void => setLog((lines) => [...lines.slice(-19), `${new Date().toLocaleTimeString()} ${line}`]);

  useEffect(() => {
    if (ref.current) createOnce();
  }, []);

  return (
    <main>
      <h1>w3kit · React</h1>
      <div className="row">
        <W3Button />
        <W3NetworkButton />
        <button type="button" onClick={() => modal.open().catch(() => undefined)}>
          Open modal
        </button>
        <span>{modal.isOpen ? 'Modal is open' : 'Modal is closed'}</span>
      </div>
      <p className="note">
        {PUBLIC ? (
          <>
            Ethereum and Sepolia use public RPCs: without an internet connection their balances read &apos;unavailable&apos; and the Dev
            Wallet cannot reach them. <a href="?">Local networks only</a>
          </>
        ) : (
          <>
            Networks: Localhost (chain 31337) and Localhost 2 (chain 31338), the two local Hardhat nodes, and Solana Local, the local SVM,
            so switching works offline. The w3kit Dev Wallet connects both EVM and Solana at once.{' '}
            <a href="?public">Also offer Ethereum and Sepolia</a> (their public RPCs need an internet connection).
          </>
        )}{' '}
        <a href="/">Plain demo</a>
      </p>
      <StatusPanel />
      <SiwxPanel />
      <section aria-labelledby="log-title" className="panel">
        <h2 id="log-title">Events</h2>
        <ol data-testid="log">
          {log.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ol>
      </section>
      <W3Modal
        ref={ref}
        onW3Open={(e) => append(`w3-open ${JSON.stringify(e.detail)}`)}
        onW3Close={() => append('w3-close')}
        onW3Connect={(e) => append(`w3-connect ${e.detail.address}`)}
        onW3Disconnect={() => append('w3-disconnect')}
        onW3NetworkChange={(e) => append(`w3-network-change ${e.detail.caipNetworkId}`)}
        onW3Error={(e) => append(`w3-error ${e.detail.message}`)}
      />
    </main>
  );
}
