/**
 * The demo's WalletConnect Dev Wallet page (demo/wc-wallet/index.html, served at /wc-wallet/ by
 * `npm start`): paste a `wc:` URI, approve or reject the connection, then approve or reject each
 * request. It is `createWcWallet` (test/fixtures/wc-wallet.ts) in 'prompt' mode with the page as
 * the prompt; the dev-mnemonic accounts sign locally and transactions go to the local Hardhat nodes.
 *
 * Bundled by scripts/bundle-demo-wallets.mjs to dist/demo/wc-wallet.js (a classic script at the end
 * of the body). Settings, later ones winning: the defaults (chains 31337 at 127.0.0.1:8545 and
 * 31338 at :8546, relay ws://127.0.0.1:4302), the page's <meta name="w3kit-rpc-urls"> (JSON) and
 * <meta name="w3kit-relay-url"> (filled by scripts/start.mjs), then the query parameters `relay`
 * and `rpc` (JSON or "31337=url,31338=url"). The wallet is `window.w3kitWcWallet` once ready.
 * Solana: the wallet's ed25519 dev account is approved on the solana chains a dapp proposes;
 * solana_signAndSendTransaction sends to the local SVM (default http://127.0.0.1:8899, the
 * <meta name="w3kit-solana-rpc-url">, then the query parameter `solana-rpc`).
 * Bitcoin: the dev account the local regtest chain funds (the key is the SHA-256 of 'w3kit dev
 * bitcoin account', as server/src/chains/bip122/devchain/network.ts derives it) is approved on
 * the bip122 chains a dapp proposes (its payment address; the ordinals address through
 * getAccountAddresses); it signs BIP-322 messages and PSBTs, and signPsbt's broadcast and
 * sendTransfer go to the chain's Esplora API (default http://127.0.0.1:18443, the query
 * parameter `bitcoin-esplora`).
 * Sessions are kept in IndexedDB, so they survive a reload.
 */
import { sha256 } from '@scure/btc-signer/utils.js';
import { formatEther } from 'viem';
import { describeMessage } from '../../test/fixtures/eip1193-wallet.js';
import { base58Decode } from '../../src/chains/solana/walletconnect-codec.js';
import { networks } from '../../src/wire/networks.js';
import { parseRpcUrls } from '../rpc-urls.js';
import {
  createWcWallet,
  parseWcUri,
  type WcProposal,
  type WcRequest,
  type WcSession,
  type WcWallet,
} from '../../test/fixtures/wc-wallet.js';

declare global {
  interface Window {
    w3kitWcWallet?: WcWallet;
  }
}

const DEFAULT_RPC_URLS: Record<number, string> = { 31337: 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' };
const DEFAULT_RELAY_URL = 'ws://127.0.0.1:4302';
const DEFAULT_SOLANA_RPC_URL = 'http://127.0.0.1:8899';
const DEFAULT_BITCOIN_ESPLORA_URL = 'http://127.0.0.1:18443';
const DEV_BITCOIN_KEY = sha256(new TextEncoder().encode('w3kit dev bitcoin account'));
/** The Solana presets' CAIP-2 ids, named as people know them. */
const SOLANA_CHAINS: Record<string, string> = Object.fromEntries(
  [
    networks.solana,
    networks.solanaDevnet,
    networks.solanaTestnet,
    networks.solanaLocal,
    networks.bitcoin,
    networks.bitcoinTestnet,
    networks.bitcoinSignet,
    networks.bitcoinRegtest,
  ].map((n) => [n.caipNetworkId, n.name]),
);

/** The URLs `npm start` filled in, or undefined for an empty or unfilled placeholder. */
function filledRpcUrls(text: string): Record<number, string> | undefined {
  const trimmed = text.trim();
  if (!trimmed || trimmed.startsWith('__')) return undefined;
  const out = parseRpcUrls(trimmed);
  return Object.keys(out).length ? out : undefined;
}

function readSettings(): { rpcUrls: Record<number, string>; relayUrl: string; solanaRpcUrl: string; esploraUrl: string } {
  const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';
  const query = new URLSearchParams(location.search);
  const relayMeta = meta('w3kit-relay-url');
  const rpcUrls = filledRpcUrls(query.get('rpc') ?? '') ?? filledRpcUrls(meta('w3kit-rpc-urls')) ?? DEFAULT_RPC_URLS;
  const relayUrl = query.get('relay') || (relayMeta && !relayMeta.startsWith('__') ? relayMeta : DEFAULT_RELAY_URL);
  const solanaMeta = meta('w3kit-solana-rpc-url');
  const solanaRpcUrl = query.get('solana-rpc') || (solanaMeta && !solanaMeta.startsWith('__') ? solanaMeta : DEFAULT_SOLANA_RPC_URL);
  const esploraUrl = query.get('bitcoin-esplora') || DEFAULT_BITCOIN_ESPLORA_URL;
  return { rpcUrls, relayUrl, solanaRpcUrl, esploraUrl };
}

// ---- DOM helpers ----

type Child = Node | string | undefined | false;
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value);
  for (const child of children) if (child !== undefined && child !== false) el.append(child);
  return el;
}
const byId = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;

function details(rows: [string, string | Node][]): HTMLDListElement {
  const dl = h('dl');
  for (const [label, value] of rows) dl.append(h('dt', {}, label), h('dd', {}, value));
  return dl;
}

function button(text: string, label: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = h('button', { type: 'button', 'aria-label': label, ...(primary ? { class: 'primary' } : {}) }, text);
  b.addEventListener('click', onClick);
  return b;
}

const status = (text: string): void => {
  byId('status').textContent = text;
};

const chainLabel = (caip: string): string => SOLANA_CHAINS[caip] ?? caip.replace(/^eip155:/, 'chain ');
const dappName = (meta: { name?: string; url?: string } | undefined): string => meta?.name || meta?.url || 'Unknown dapp';

function toBigInt(value: unknown): bigint {
  try {
    return value === undefined || value === null ? 0n : BigInt(value as string);
  } catch {
    return 0n;
  }
}

const short = (value: unknown, max = 2000): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

function scrollable(label: string, text: string): HTMLPreElement {
  // Scrollable content must be reachable by keyboard.
  return h('pre', { tabindex: '0', 'aria-label': label }, text);
}

/** A solana_signMessage message (base58) as text when it is UTF-8, else its size. */
function solanaMessage(params: unknown): string {
  const bytes = base58Decode(String((params as { message?: unknown } | null)?.message ?? ''));
  if (!bytes) return '(not base58)';
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `${bytes.length} bytes`;
  }
}

/** What a request asks for, as rows. */
function describe(request: WcRequest): { title: string; rows: [string, string | Node][] } {
  const list = Array.isArray(request.params) ? (request.params as unknown[]) : [];
  const solana = (request.params ?? {}) as { pubkey?: unknown; transaction?: unknown; sendOptions?: unknown };
  const bitcoin = (request.params ?? {}) as {
    account?: unknown;
    address?: unknown;
    message?: unknown;
    psbt?: unknown;
    signInputs?: { index?: unknown }[];
    broadcast?: unknown;
    recipientAddress?: unknown;
    amount?: unknown;
  };
  const common: [string, string][] = [
    ['Dapp', dappName(request.peer)],
    ['Network', chainLabel(request.chainId)],
  ];
  switch (request.method) {
    case 'personal_sign':
      return {
        title: 'Sign message',
        rows: [...common, ['Account', String(list[1])], ['Message', scrollable('Message', short(describeMessage(list[0])))]],
      };
    case 'eth_signTypedData_v3':
    case 'eth_signTypedData_v4': {
      let typed: { primaryType?: string; domain?: { name?: string }; message?: unknown } = {};
      try {
        typed = typeof list[1] === 'string' ? JSON.parse(list[1]) : (list[1] as typeof typed);
      } catch {
        /* shown raw */
      }
      return {
        title: 'Sign typed data',
        rows: [
          ...common,
          ['Account', String(list[0])],
          ['Domain', String(typed.domain?.name ?? '')],
          ['Type', String(typed.primaryType ?? '')],
          ['Message', scrollable('Typed data message', short(typed.message ?? list[1]))],
        ],
      };
    }
    case 'eth_sendTransaction':
    case 'eth_signTransaction': {
      const tx = (list[0] ?? {}) as Record<string, unknown>;
      const data = (tx.data ?? tx.input) as string | undefined;
      const rows: [string, string | Node][] = [
        ...common,
        ['From', String(tx.from ?? '')],
        ['To', tx.to ? String(tx.to) : 'New contract'],
        ['Value', `${formatEther(toBigInt(tx.value))} ETH`],
      ];
      if (data && data !== '0x') rows.push(['Data', `${(data.length - 2) / 2} bytes`]);
      return { title: request.method === 'eth_sendTransaction' ? 'Send transaction' : 'Sign transaction', rows };
    }
    case 'wallet_addEthereumChain': {
      const p = (list[0] ?? {}) as { chainId?: string; chainName?: string; rpcUrls?: string[] };
      return {
        title: 'Add network',
        rows: [...common, ['Name', String(p.chainName)], ['Chain ID', toBigInt(p.chainId).toString()], ['RPC', String(p.rpcUrls?.[0])]],
      };
    }
    case 'solana_signMessage':
      return {
        title: 'Sign message',
        rows: [...common, ['Account', String(solana.pubkey)], ['Message', scrollable('Message', short(solanaMessage(request.params)))]],
      };
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const size = typeof solana.transaction === 'string' ? Math.floor((solana.transaction.length * 3) / 4) : 0;
      const rows: [string, string | Node][] = [...common, ['Account', wallet?.solana.address ?? ''], ['Transaction', `${size} bytes`]];
      if (solana.sendOptions) rows.push(['Send options', short(solana.sendOptions)]);
      return { title: request.method === 'solana_signTransaction' ? 'Sign transaction' : 'Send transaction', rows };
    }
    case 'signMessage':
      return {
        title: 'Sign message',
        rows: [
          ...common,
          ['Account', String(bitcoin.address ?? bitcoin.account)],
          ['Message', scrollable('Message', short(String(bitcoin.message ?? '')))],
        ],
      };
    case 'signPsbt':
      return {
        title: bitcoin.broadcast === true ? 'Sign and send transaction' : 'Sign transaction',
        rows: [
          ...common,
          ['Account', String(bitcoin.account)],
          ['Inputs to sign', short(Array.isArray(bitcoin.signInputs) ? bitcoin.signInputs.map((i) => i?.index) : [])],
          ['PSBT', `${typeof bitcoin.psbt === 'string' ? Math.floor((bitcoin.psbt.length * 3) / 4) : 0} bytes`],
        ],
      };
    case 'sendTransfer':
      return {
        title: 'Send bitcoin',
        rows: [
          ...common,
          ['From', String(bitcoin.account)],
          ['To', String(bitcoin.recipientAddress)],
          ['Amount', `${String(bitcoin.amount)} sats`],
        ],
      };
    default:
      return { title: request.method, rows: [...common, ['Params', scrollable('Params', short(request.params ?? []))]] };
  }
}

// ---- the page ----

/** Requests waiting for the person at the keyboard: id -> decide. */
const waiting = new Map<number, { request: WcRequest; decide: (ok: boolean) => void }>();
let wallet: WcWallet | undefined;

function renderRequests(): void {
  const list = byId<HTMLUListElement>('requests');
  list.replaceChildren();
  for (const { request, decide } of waiting.values()) {
    const { title, rows } = describe(request);
    const headingId = `request-${request.id}`;
    list.append(
      h(
        'li',
        { 'aria-labelledby': headingId },
        h('h3', { id: headingId }, `${title} (${request.method})`),
        details(rows),
        h(
          'div',
          { class: 'buttons' },
          button('Reject', `Reject ${title.toLowerCase()} from ${dappName(request.peer)}`, () => decide(false)),
          button('Approve', `Approve ${title.toLowerCase()} from ${dappName(request.peer)}`, () => decide(true), true),
        ),
      ),
    );
  }
  byId('requests-empty').hidden = waiting.size > 0;
}

function proposedChains(proposal: WcProposal): string[] {
  const chains = new Set<string>();
  for (const group of [proposal.requiredNamespaces, proposal.optionalNamespaces]) {
    for (const [key, ns] of Object.entries(group ?? {})) {
      if (key.includes(':')) chains.add(key);
      for (const c of ns.chains ?? []) chains.add(c);
    }
  }
  return [...chains];
}

function renderProposals(): void {
  const list = byId<HTMLUListElement>('proposals');
  list.replaceChildren();
  const w = wallet;
  for (const proposal of w?.proposals ?? []) {
    const meta = proposal.proposer.metadata;
    const name = dappName(meta);
    const proposed = proposedChains(proposal);
    const ours = new Set([
      ...(w?.chainIds ?? []).map((id) => `eip155:${id}`),
      ...proposed.filter((c) => c.startsWith('solana:') || !!w?.bip122.addressesOn(c)),
    ]);
    const headingId = `proposal-${proposal.id}`;
    list.append(
      h(
        'li',
        { 'aria-labelledby': headingId },
        h('h3', { id: headingId }, `${name} wants to connect`),
        details([
          ['Dapp', name],
          ['URL', meta.url || '(none)'],
          ['Chains', proposed.map((c) => `${chainLabel(c)}${ours.has(c) ? '' : ' (no node here)'}`).join(', ') || '(any)'],
        ]),
        h(
          'div',
          { class: 'buttons' },
          button('Reject', `Reject connection to ${name}`, () => void answerProposal(proposal, false)),
          button('Approve', `Approve connection to ${name}`, () => void answerProposal(proposal, true), true),
        ),
      ),
    );
  }
  byId('proposals-empty').hidden = (w?.proposals.length ?? 0) > 0;
}

function renderSessions(sessions: WcSession[]): void {
  const list = byId<HTMLUListElement>('sessions');
  list.replaceChildren();
  for (const session of sessions) {
    const meta = session.peer.metadata;
    const name = dappName(meta);
    const all = Object.values(session.namespaces);
    const headingId = `session-${session.topic.slice(0, 12)}`;
    list.append(
      h(
        'li',
        { 'aria-labelledby': headingId },
        h('h3', { id: headingId }, name),
        details([
          ['URL', meta.url || '(none)'],
          [
            'Chains',
            all
              .flatMap((ns) => ns.chains ?? [])
              .map(chainLabel)
              .join(', '),
          ],
          ['Accounts', [...new Set(all.flatMap((ns) => ns.accounts).map((a) => a.split(':')[2]))].join(', ')],
          ['Expires', new Date(session.expiry * 1000).toLocaleString()],
        ]),
        h(
          'div',
          { class: 'buttons' },
          button('Disconnect', `Disconnect ${name}`, () => {
            void wallet?.disconnect(session.topic).then(
              () => status(`Disconnected ${name}.`),
              (err: unknown) => status(`Could not disconnect ${name}: ${(err as Error).message}`),
            );
          }),
        ),
      ),
    );
  }
  byId('sessions-empty').hidden = sessions.length > 0;
}

async function answerProposal(proposal: WcProposal, ok: boolean): Promise<void> {
  const name = dappName(proposal.proposer.metadata);
  try {
    if (ok) {
      const session = await wallet!.approve(proposal);
      const chains = Object.values(session.namespaces).flatMap((ns) => ns.chains ?? []);
      status(`Connected to ${name} on ${chains.map(chainLabel).join(', ')}.`);
    } else {
      await wallet!.reject(proposal);
      status(`Rejected the connection to ${name}.`);
    }
  } catch (err) {
    status(`Could not ${ok ? 'approve' : 'reject'} ${name}: ${(err as Error).message}`);
    if (ok) await wallet!.reject(proposal, { code: 5100, message: (err as Error).message }).catch(() => undefined);
  }
  renderProposals();
}

function setUriError(message: string | undefined): void {
  const error = byId('uri-error');
  const input = byId<HTMLTextAreaElement>('uri');
  error.textContent = message ?? '';
  error.hidden = !message;
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

async function pair(event: Event): Promise<void> {
  event.preventDefault();
  const input = byId<HTMLTextAreaElement>('uri');
  const uri = input.value.trim();
  try {
    parseWcUri(uri);
  } catch (err) {
    setUriError((err as Error).message);
    input.focus();
    return;
  }
  setUriError(undefined);
  if (!wallet) {
    status('The wallet is not connected to the relay yet.');
    return;
  }
  const pairButton = byId<HTMLButtonElement>('pair');
  pairButton.disabled = true;
  status('Pairing…');
  try {
    const proposal = await wallet.pair(uri);
    input.value = '';
    status(`${dappName(proposal.proposer.metadata)} wants to connect: approve or reject below.`);
  } catch (err) {
    setUriError(`Pairing failed: ${(err as Error).message}`);
    status('Pairing failed.');
  } finally {
    pairButton.disabled = false;
  }
}

async function start(): Promise<void> {
  const { rpcUrls, relayUrl, solanaRpcUrl, esploraUrl } = readSettings();
  const chainIds = Object.keys(rpcUrls).map(Number);
  byId('pair-form').addEventListener('submit', (e) => void pair(e));
  byId('uri').addEventListener('input', () => setUriError(undefined));
  status(`Connecting to the relay ${relayUrl}…`);
  try {
    wallet = await createWcWallet({
      relayUrl,
      rpcUrls,
      chainId: chainIds[0]!,
      name: 'w3kit WalletConnect Dev Wallet',
      // sign-client warns when the metadata url is not the page's origin.
      url: location.origin,
      storagePrefix: 'w3kit-wc-dev-wallet',
      projectId: 'w3kit-dev',
      mode: 'prompt',
      solana: { rpcUrl: solanaRpcUrl },
      bip122: { privateKey: DEV_BITCOIN_KEY, esploraUrl },
      prompt: (request) =>
        new Promise<boolean>((resolve) => {
          waiting.set(request.id, {
            request,
            decide: (ok) => {
              waiting.delete(request.id);
              renderRequests();
              resolve(ok);
            },
          });
          renderRequests();
          status(`${dappName(request.peer)} asks: ${describe(request).title}.`);
        }),
    });
  } catch (err) {
    status(`Could not start the wallet on ${relayUrl}: ${(err as Error).message}. Is \`npm start\` running?`);
    return;
  }
  const w = wallet;
  window.w3kitWcWallet = w;
  byId('wallet-info').replaceWith(
    Object.assign(
      details([
        ['Accounts', w.addresses.join(', ')],
        ['Solana account', w.solana.address],
        ['Bitcoin account', w.bip122.addressesOn(networks.bitcoinRegtest.caipNetworkId)?.payment ?? ''],
        [
          'Chains',
          Object.entries(rpcUrls)
            .map(([id, url]) => `${id} (${url})`)
            .join(', '),
        ],
        ['Solana RPC', solanaRpcUrl],
        ['Bitcoin Esplora', esploraUrl],
        ['Relay', relayUrl],
      ]),
      { id: 'wallet-info' },
    ),
  );
  w.on('proposal', () => renderProposals());
  w.on('sessions', (sessions) => renderSessions(sessions));
  w.on('answer', ({ request, error }) => {
    const { title } = describe(request);
    status(error ? `${title}: ${error.code === 4001 ? 'rejected' : `failed (${error.message})`}.` : `${title}: done.`);
  });
  renderProposals();
  renderSessions(w.sessions());
  renderRequests();
  status(`Ready: paste a WalletConnect URI to pair. ${w.sessions().length} dapp(s) connected.`);
}

void start();
