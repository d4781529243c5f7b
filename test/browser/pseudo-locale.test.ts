/**
 * The pseudo-locale test (issue 13): every view the modal has, the buttons, a toast and an alert,
 * rendered in en-XA, where every localized text reads ⟦àççéñtéd⟧. Any visible text or accessible
 * label (aria-label, title, placeholder, alt) with a Latin letter outside ⟦…⟧ skipped msg(); data
 * values (wallet, network and token names, addresses, URLs, ENS names) are allowed by pattern.
 * A failure lists each text with the element path it sits at.
 */
import { msg } from '@lit/localize';
import { expect } from 'chai';
import { createTestWallet, type TestWallet } from '../fixtures/eip1193-wallet.js';
import { VIEWS, type ViewName } from '../../src/core/views.js';
import { VIEW_LOADERS } from '../../src/elements/views/registry.js';
import type { W3Modal } from '../../src/elements/modal/modal.element.js';
import { showAlert } from '../../src/stores/ui/alerts.js';
import { PendingRequests } from '../../src/adapters/walletconnect/pending.js';
import { $connectedWallet, $connectors } from '../../src/stores/connection/connectors.js';
import { setWalletconnectPending } from '../../src/stores/walletconnect/pending.js';
import { $locale, setLocale } from '../../src/stores/ui/locale.js';
import { $networks } from '../../src/stores/network/networks.js';
import { pushView, $router } from '../../src/stores/ui/router.js';
import { $walletList } from '../../src/stores/registry/wallet-list.js';
import { $allWallets, $walletSearch } from '../../src/stores/registry/all-wallets.js';
import { $wcPairing } from '../../src/stores/walletconnect/state.js';
import { $emailChange, $emailLogin, $embeddedUser, $farcasterLogin, $frameTask, $socialLogin } from '../../src/stores/embedded/state.js';
import { $passkeyList, $passkeys } from '../../src/stores/embedded/passkey-list.js';
import { $deviceList, $devices } from '../../src/stores/embedded/device-list.js';
import { EmbeddedWalletError } from '../../src/core/errors/frame.js';
import { DEFAULT_SOCIALS } from '../../src/core/constants.js';
import { $options } from '../../src/stores/app/options.js';
import { cancelWalletConnectPairing } from '../../src/stores/walletconnect/pairing.js';
import { createMemorySiwx } from '../../src/test-utils/memory-siwx.js';
import { truncateAddress } from '../../src/core/address.js';
import { $swapDetails, $swapStore, resetSwap } from '../../src/stores/swap/swap.js';
import { resetSwapCatalogue } from '../../src/stores/swap/swap-catalogue.js';
import { setSwapApiDeps } from '../../src/stores/swap/swap-client.js';
import { setBlockchainApiDeps } from '../../src/stores/portfolio/blockchain.js';
import { BALANCES } from '../../src/test-utils/blockchain-fixtures.js';
import { $registerName } from '../../src/stores/names/register-name.js';
import {
  ADDRESS,
  apiOptions,
  connectAccount,
  connectedAndClosed,
  deep,
  mountModal,
  nextFrame,
  resetAll,
  sleep,
  waitFor,
} from './helpers.js';
import { $onramp, ONRAMP_PROVIDERS, resetOnramp, selectProvider, setPaymentAmount } from '../../src/stores/onramp/onramp.js';
import { $purchase, resetPurchase } from '../../src/stores/onramp/purchase.js';

const LABELS = ['aria-label', 'title', 'placeholder', 'alt', 'aria-placeholder', 'aria-roledescription'];

/** Data shown as it is in every locale: addresses, hashes, URLs, ENS names, numbers. */
const DATA_PATTERNS = [
  /\b0x[0-9a-fA-F]{2,}(?:…|\.\.\.)[0-9a-fA-F]{2,}\b/g,
  /\b0x[0-9a-fA-F]*\b/g,
  /\b(?:https?|wss?):\/\/\S+/g,
  /\bwc:\S+/g,
  /\b[\w-]+(?:\.[\w-]+)*\.(?:eth|box|xyz)\b/g,
  /\bWalletConnect\b/g,
  // App stores are brands, named as they name themselves (core/wallet-links.ts).
  /\b(?:Chrome Web Store|App Store|Google Play)\b/g,
];

/** Names from the stores (wallets, connectors, networks, token symbols) that a view shows as they are. */
function dataNames(extra: string[]): string[] {
  const names = new Set<string>(extra);
  for (const c of $connectors.get()) names.add(c.name);
  const list = $walletList.get();
  for (const w of [...list.featured, ...list.recommended, ...$allWallets.get().wallets, ...$walletSearch.get().results]) names.add(w.name);
  for (const n of $networks.get()) {
    names.add(n.name);
    names.add(n.nativeCurrency.symbol);
    names.add(n.nativeCurrency.name);
  }
  names.add('ETH');
  // Longest first, so 'Alpha Wallet' goes before a shorter name inside it.
  return [...names].filter(Boolean).sort((a, b) => b.length - a.length);
}

/** What is left of a text once its localized parts and its data are taken out. */
function unlocalized(text: string, names: string[]): string {
  // An address laid out in groups (WalletReceive): a text that is only hex digits, with a digit.
  if (/^\s*(?=[0-9a-fA-F]*\d)[0-9a-fA-F]{2,8}\s*$/.test(text)) return '';
  let rest = text.replace(/⟦[^⟧]*⟧/g, ' ');
  for (const pattern of DATA_PATTERNS) rest = rest.replace(pattern, ' ');
  for (const name of names) rest = rest.split(name).join(' ');
  return /[A-Za-z]/.test(rest) ? text.replace(/\s+/g, ' ').trim() : '';
}

const describeElement = (el: Element): string => {
  const id = el.id ? `#${el.id}` : '';
  const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
  return `${el.localName}${id}${cls}`;
};

function hiddenElement(el: Element): boolean {
  if (['style', 'script', 'template', 'noscript'].includes(el.localName)) return true;
  if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('hidden')) return true;
  // Computed style, not checkVisibility(): hosts with `display: contents` count as shown.
  const style = getComputedStyle(el);
  return style.display === 'none' || style.visibility === 'hidden';
}

/** Visible texts and labels through open shadow roots that are not localized, each with its element path. */
function offenders(root: Element, names: string[]): string[] {
  const found: string[] = [];
  const visit = (node: Node, path: string): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      const bad = unlocalized(node.textContent ?? '', names);
      if (bad) found.push(`${path}: "${bad}"`);
      return;
    }
    if (!(node instanceof Element)) {
      node.childNodes.forEach((child) => visit(child, path));
      return;
    }
    if (hiddenElement(node)) return;
    const here = path ? `${path} > ${describeElement(node)}` : describeElement(node);
    for (const attribute of LABELS) {
      const value = node.getAttribute(attribute);
      const bad = value ? unlocalized(value, names) : '';
      if (bad) found.push(`${here} [${attribute}]: "${bad}"`);
    }
    if (node.shadowRoot) node.shadowRoot.childNodes.forEach((child) => visit(child, `${here} >>`));
    node.childNodes.forEach((child) => visit(child, here));
  };
  visit(root, '');
  return found;
}

/** Lets the view settle in en-XA (lazy chunks, transitions), then checks the whole page. */
async function expectLocalized(what: string, extraNames: string[] = []): Promise<void> {
  await waitFor(() => $locale.get() === 'en-XA', 10_000, 'en-XA loaded');
  await nextFrame();
  await sleep(350);
  const bad = [...document.body.children].flatMap((el) => offenders(el, dataNames(extraNames)));
  expect(bad, `${what}: texts that did not go through msg():\n  ${bad.join('\n  ')}\n`).to.deep.equal([]);
}

const relayUrl = (): string => {
  const api = new URL((window as unknown as { __W3_API_URL__: string }).__W3_API_URL__);
  return `ws://127.0.0.1:${Number(api.port) + 1}`;
};

let wallets: TestWallet[] = [];
function testWallet(name: string, rdns: string): TestWallet {
  const w = createTestWallet({ rpcUrls: { 31337: 'http://127.0.0.1:9/' }, chainId: 31337, name, rdns, storageKey: false } as never);
  wallets.push(w);
  return w;
}

/** Opens Connect and clicks the announced wallet `name` (mounted without the registry: only announced wallets). */
async function clickWallet(el: W3Modal, name: string): Promise<void> {
  await el.modal.open({ view: 'Connect' });
  const view = await waitFor(() => deep(el, 'w3-connect-view'), 10_000, 'Connect');
  const item = await waitFor(
    () => [...view.shadowRoot!.querySelectorAll('w3-ui-list-item')].find((i) => i.textContent!.trim() === name),
    3000,
    name,
  );
  deep<HTMLElement>(item, 'button')!.click();
}

/** Views whose setup connects an announced test wallet: mounted without the backend's registry. */
const WITHOUT_REGISTRY = new Set<ViewName>(['ConnectingExternal', 'SwitchNetwork', 'CallsStatus']);

async function openView(el: W3Modal, view: ViewName, data?: Record<string, unknown>): Promise<void> {
  await el.modal.open({ view: 'Connect' });
  if (view !== 'Connect') pushView(view, data);
}

/** How each view is brought on screen with the state it needs; returns the data names it shows. */
/** The embedded wallet's user, in the e-mail views (data, shown as typed). */
const EMAIL = 'ada@example.com';

/** A Swap form paying 100 DUSD for ETH at a quote, the DEX not yet approved (every row and the Approve step show). */
async function swapForm(el: W3Modal, next?: ViewName): Promise<string[]> {
  connectAccount();
  const eth = 'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
  const dusd = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3';
  const tokens = [
    { name: 'Ether', symbol: 'ETH', address: eth, decimals: 18, logoUri: '' },
    { name: 'Demo Dollar', symbol: 'DUSD', address: dusd, decimals: 6, logoUri: '' },
  ];
  // A canned DEX (the Swap stores load while the view listens): 100 DUSD buys 0.033 ETH, no allowance.
  const canned = async (input: RequestInfo | URL): Promise<Response> => {
    const json = (body: unknown) => new Response(JSON.stringify(body));
    switch (new URL(String(input)).pathname) {
      case '/v1/convert/tokens':
        return json({ tokens });
      case '/v1/convert/gas-price':
        return json({ standard: '1000000000', fast: '1000000000', instant: '1000000000' });
      case '/v1/convert/allowance':
        return json({ allowance: '0' });
      case '/v1/convert/quotes':
        return json({
          quotes: [
            { id: null, fromAmount: '100000000', fromAccount: dusd, toAmount: '33000000000000000', toAccount: eth, priceImpact: 0.1 },
          ],
        });
    }
    return json({ fungibles: [], balances: BALANCES }); // the account holds 999.5 DUSD
  };
  setSwapApiDeps({ fetch: canned, attempts: 1 });
  setBlockchainApiDeps({ fetch: canned, attempts: 1 });
  $options.set({ ...$options.get()!, blockchainApiUrl: 'http://swap-api.invalid' });
  $swapStore.set({ ...$swapStore.get(), fromId: dusd, toId: eth, amount: '100' });
  void el.modal.open({ view: 'Swap' }).catch(() => undefined);
  await waitFor(() => deep(el, 'w3-swap-view'), 10_000, 'Swap');
  await waitFor(() => $swapDetails.get().needsApproval, 10_000, 'the quote and the allowance');
  if (next) pushView(next, { side: 'to' });
  return ['ETH', 'DUSD', 'Ether', 'Demo Dollar', 'E', 'D'];
}

const SETUPS: Partial<Record<ViewName, (el: W3Modal) => Promise<string[] | void>>> = {
  Connect: async (el) => {
    testWallet('Alpha Wallet', 'dev.w3kit.alpha');
    // The social row with its 'more' button.
    $options.set({ ...$options.get()!, features: { socials: [...DEFAULT_SOCIALS] } });
    await el.modal.open({ view: 'Connect' });
    await waitFor(() => deep(el, 'w3-connect-view'), 10_000, 'Connect');
    await waitFor(() => $walletList.get().status === 'ready', 8000, 'registry wallets');
    return [...SOCIAL_NAMES];
  },
  Account: async (el) => {
    connectAccount();
    void el.modal.open({ view: 'Account' }).catch(() => undefined);
  },
  AllWallets: async (el) => {
    await el.modal.open({ view: 'AllWallets' });
    await waitFor(() => $allWallets.get().wallets.length > 0, 8000, 'all wallets');
  },
  ConnectingWalletConnect: async (el) => {
    await openView(el, 'ConnectingWalletConnect', { title: 'WalletConnect' });
    await waitFor(() => deep(el, 'w3-connecting-wallet-connect-view'), 10_000, 'QR view');
    cancelWalletConnectPairing();
    $wcPairing.set({
      status: 'ready',
      uri: `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`,
      expiresAt: Date.now() + 60_000,
    });
  },
  ConnectingWalletConnectBasic: async (el) => {
    await openView(el, 'ConnectingWalletConnectBasic', { title: 'WalletConnect' });
    await waitFor(() => deep(el, 'w3-connecting-wallet-connect-basic-view'), 10_000, 'QR view');
    cancelWalletConnectPairing();
    $wcPairing.set({
      status: 'ready',
      uri: `wc:${'ab'.repeat(32)}@2?relay-protocol=irn&symKey=${'cd'.repeat(32)}`,
      expiresAt: Date.now() + 60_000,
    });
  },
  ConnectingExternal: async (el) => {
    testWallet('Beta Wallet', 'dev.w3kit.beta').setMode('hang');
    await clickWallet(el, 'Beta Wallet');
    await waitFor(() => deep(el, 'w3-connecting-external-view'), 10_000, 'ConnectingExternal');
  },
  Networks: async (el) => {
    await openView(el, 'Networks');
  },
  WhatIsAWallet: async (el) => {
    await openView(el, 'WhatIsAWallet');
  },
  GetWallet: async (el) => {
    await openView(el, 'GetWallet');
  },
  UnsupportedChain: async (el) => {
    await el.modal.open({ view: 'UnsupportedChain' });
  },
  ProfileWallets: async (el) => {
    connectAccount();
    await el.modal.open({ view: 'ProfileWallets' });
  },
  SwitchNetwork: async (el) => {
    // A connected test wallet that leaves the switch request waiting, so the view stays.
    const w = testWallet('Gamma Wallet', 'dev.w3kit.gamma');
    await clickWallet(el, 'Gamma Wallet');
    await connectedAndClosed(el, 10_000);
    w.setMode('hang');
    pushView('SwitchNetwork', { network: 'eip155:1' });
  },
  SwitchActiveChain: async (el) => {
    connectAccount();
    await openView(el, 'SwitchActiveChain', { network: 'eip155:1' });
  },
  WalletReceive: async (el) => {
    connectAccount();
    await el.modal.open({ view: 'WalletReceive' });
  },
  WalletSend: async (el) => {
    connectAccount();
    void el.modal.open({ view: 'WalletSend' }).catch(() => undefined);
  },
  ApproveInWallet: async () => {
    $connectedWallet.set({ name: 'w3kit Test Wallet', type: 'WALLET_CONNECT' });
    new PendingRequests(setWalletconnectPending).track('eth_sendTransaction', new Promise<string>(() => undefined));
    return ['w3kit Test Wallet'];
  },
  EmailLogin: async (el) => {
    await openView(el, 'EmailLogin');
  },
  EmailVerifyOtp: async (el) => {
    $emailLogin.set({ step: 'otp', email: EMAIL, error: undefined, resendAt: Date.now() + 30_000 });
    await openView(el, 'EmailVerifyOtp');
    return [EMAIL];
  },
  EmailVerifyDevice: async (el) => {
    $emailLogin.set({ step: 'device', email: EMAIL, error: undefined, resendAt: Date.now() + 30_000 });
    await openView(el, 'EmailVerifyDevice');
    return [EMAIL];
  },
  UpdateEmailWallet: async (el) => {
    connectAccount();
    $embeddedUser.set({ email: EMAIL } as ReturnType<typeof $embeddedUser.get>);
    $emailChange.set({ step: 'primary', newEmail: 'new@example.com', error: undefined });
    await el.modal.open({ view: 'UpdateEmailWallet' });
    return [EMAIL];
  },
  ApproveTransaction: async (el) => {
    $frameTask.set({ kind: 'export' });
    await el.modal.open({ view: 'ApproveTransaction' });
  },
  Passkeys: async (el) => {
    connectAccount();
    $embeddedUser.set({ email: EMAIL, address: ADDRESS } as ReturnType<typeof $embeddedUser.get>);
    await el.modal.open({ view: 'Passkeys' });
    // No frame here: the list's load (while the view shows it) fails, then the list shows as the frame would give it.
    await waitFor(() => $passkeys.get().status === 'error', 10_000, 'the passkeys load settled');
    const createdAt = Date.UTC(2026, 0, 2, 12);
    $passkeyList.mutate([{ id: 'a', name: 'Chrome on Linux', createdAt, lastUsedAt: null, prf: true }]);
    return ['Chrome on Linux', new Intl.DateTimeFormat('en-XA', { dateStyle: 'medium' }).format(createdAt)];
  },
  Devices: async (el) => {
    connectAccount();
    $embeddedUser.set({ email: EMAIL, address: ADDRESS } as ReturnType<typeof $embeddedUser.get>);
    await el.modal.open({ view: 'Devices' });
    // No frame here: the list's load fails, then the list shows as the frame would give it.
    await waitFor(() => $devices.get().status === 'error', 10_000, 'the devices load settled');
    const at = Date.UTC(2026, 0, 2, 12);
    $deviceList.mutate([
      { id: 'a'.repeat(32), name: 'Chrome on Linux', addedAt: at, lastUsedAt: at, current: true },
      { id: 'b'.repeat(32), addedAt: at, lastUsedAt: at, current: false },
    ]);
    return ['Chrome on Linux', new Intl.DateTimeFormat('en-XA', { dateStyle: 'medium' }).format(at)];
  },
  ConnectSocials: async (el) => {
    $options.set({ ...$options.get()!, features: { socials: [...DEFAULT_SOCIALS] } });
    await openView(el, 'ConnectSocials');
    return [...SOCIAL_NAMES];
  },
  ConnectingSocial: async (el) => {
    $socialLogin.set({ step: 'error', provider: 'google', error: new EmbeddedWalletError('Popup closed') });
    await openView(el, 'ConnectingSocial', { title: 'Google' });
    return ['Google'];
  },
  Swap: (el) => swapForm(el),
  SwapSelectToken: (el) => swapForm(el, 'SwapSelectToken'),
  SwapPreview: (el) => swapForm(el, 'SwapPreview'),
  SIWXSignMessage: async (el) => {
    // A sign-in whose signature was declined: the default line, the account, the error, Sign and Cancel.
    $options.set({ ...$options.get()!, siwx: createMemorySiwx() });
    const w = testWallet('Siwx Wallet', 'dev.w3kit.siwx');
    await clickWallet(el, 'Siwx Wallet');
    await waitFor(() => $router.get().view === 'SIWXSignMessage', 10_000, 'asked to sign in');
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-siwx-sign-message-view'), 10_000, 'the sign-in view');
    w.setMode('reject');
    deep<HTMLElement>(view, 'w3-ui-button[data-sign]', 'button')!.click();
    await waitFor(() => deep(view, '[role="alert"]')?.textContent?.trim(), 10_000, 'the refusal');
    return [truncateAddress(w.addresses[0]!)];
  },
  RegisterAccountName: async (el) => {
    // A taken name with a suggestion, the wallet asked, and a refusal shown.
    connectAccount();
    await openView(el, 'RegisterAccountName');
    await waitFor(() => deep(el, 'w3-register-account-name-view'), 10_000, 'the register view');
    $registerName.set({
      label: 'abcd',
      check: { status: 'taken' },
      suggestions: [{ name: 'abcd1.w3kit.id', registered: false }],
      stage: 'signing',
      error: { kind: 'declined' },
      registered: undefined,
    });
    return ['w3kit.id', 'abcd1'];
  },
  RegisterAccountNameSuccess: async (el) => {
    connectAccount();
    $registerName.setKey('registered', 'lena.w3kit.id');
    await openView(el, 'RegisterAccountNameSuccess');
    return ['lena.w3kit.id'];
  },
  OnRampProviders: async (el) => {
    connectAccount();
    $options.set({ ...$options.get()!, features: { onramp: true } });
    await openView(el, 'OnRampProviders');
    return [...ONRAMP_NAMES];
  },
  OnRampBuy: async (el) => {
    // No on-ramp service: the sample options, the notice and the placeholder quote (spec 8), and a limit's text.
    connectAccount();
    $options.set({ ...$options.get()!, blockchainApiUrl: UNREACHABLE_API, features: { onramp: true } });
    selectProvider(ONRAMP_PROVIDERS[0]!);
    await openView(el, 'OnRampBuy');
    await waitFor(() => $onramp.get().options !== undefined, 10_000, 'the sample options');
    setPaymentAmount('5');
    return [...ONRAMP_NAMES, 'USDC', 'USD'];
  },
  OnRampTokenSelect: async (el) => {
    connectAccount();
    $options.set({ ...$options.get()!, blockchainApiUrl: UNREACHABLE_API });
    await openView(el, 'OnRampTokenSelect');
    await waitFor(() => $onramp.get().options !== undefined, 10_000, 'the sample options');
    // Each row's detail joins data: the currency's name and its networks.
    return ['USD Coin · Ethereum · Base', 'Ether · Ethereum', 'USD Coin', 'USDC', 'Ether', 'ETH'];
  },
  OnRampFiatSelect: async (el) => {
    connectAccount();
    $options.set({ ...$options.get()!, blockchainApiUrl: UNREACHABLE_API });
    await openView(el, 'OnRampFiatSelect');
    await waitFor(() => $onramp.get().options !== undefined, 10_000, 'the sample options');
    return ['USD', 'EUR'];
  },
  BuyInProgress: async (el) => {
    // A blocked popup: the explanation and the link to open the checkout by hand.
    connectAccount();
    $purchase.set({ ...$purchase.get(), status: 'blocked', provider: ONRAMP_PROVIDERS[0], url: 'http://127.0.0.1:9/checkout' });
    await openView(el, 'BuyInProgress');
    return [...ONRAMP_NAMES];
  },
  ConnectingFarcaster: async (el) => {
    $farcasterLogin.set({
      step: 'waiting',
      url: 'https://farcaster.example/sign-in?channel=abc',
      expiresAt: Date.now() + 60_000,
      error: undefined,
    });
    await openView(el, 'ConnectingFarcaster');
    return ['Farcaster'];
  },
  CallsStatus: async (el) => {
    // A batch of two calls sent by the test wallet's EIP-5792 on web-test-runner's Hardhat node: confirmed, each receipt shown.
    const evm = (window as unknown as { __W3_EVM_URL__: string }).__W3_EVM_URL__;
    const w = createTestWallet({
      rpcUrls: { 31337: evm },
      chainId: 31337,
      name: 'Calls Wallet',
      rdns: 'dev.w3kit.calls',
      storageKey: false,
      eip5792: true,
    });
    wallets.push(w);
    await clickWallet(el, 'Calls Wallet');
    await connectedAndClosed(el, 5000, false);
    const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const { id } = await el.modal.sendCalls({
      calls: [
        { to, value: 1n },
        { to, value: 2n },
      ],
    });
    await el.modal.showCallsStatus(id);
    const view = await waitFor(() => deep(el, 'w3-calls-status-view'), 5000, 'CallsStatus');
    await waitFor(() => deep(view, '[data-phase="confirmed"]'), 5000, 'confirmed');
    return ['Calls Wallet'];
  },
};

/** The on-ramp providers' names (brands) and a Blockchain API nobody answers at (the on-ramp's fallbacks). */
const ONRAMP_NAMES = ['w3kit sandbox', 'Meld', 'Coinbase'];
const UNREACHABLE_API = 'http://127.0.0.1:9';

/** The social providers' names (brands, shown as they name themselves). */
const SOCIAL_NAMES = ['Google', 'X', 'Farcaster', 'Discord', 'Apple', 'GitHub', 'Facebook'];

const tagOf = (view: ViewName): string =>
  `w3-${view
    // An acronym is one word (SIWXSignMessage -> w3-siwx-sign-message-view).
    .replace(/[A-Z]+(?=[A-Z][a-z]|$)/g, (m) => m[0]! + m.slice(1).toLowerCase())
    .replace(/[A-Z]/g, (c, i: number) => `${i ? '-' : ''}${c.toLowerCase()}`)}-view`;

describe('pseudo-locale en-XA: every text goes through msg()', () => {
  beforeEach(() => {
    resetAll();
    wallets = [];
  });
  afterEach(async () => {
    setWalletconnectPending(undefined);
    for (const w of wallets) w.remove();
    $emailChange.set({ step: 'idle', newEmail: undefined, error: undefined });
    $frameTask.set(undefined);
    resetSwap();
    resetSwapCatalogue();
    setSwapApiDeps({});
    setBlockchainApiDeps({});
    resetOnramp();
    resetPurchase();
    resetAll();
    await setLocale('en');
  });

  it('every view with an element has a setup here', () => {
    const available = VIEWS.filter((v) => VIEW_LOADERS[v]);
    expect(available.filter((v) => !SETUPS[v])).to.deep.equal([]);
  });

  for (const view of VIEWS.filter((v) => VIEW_LOADERS[v])) {
    it(`${view} is fully localized`, async function () {
      this.timeout(30_000);
      const el = await mountModal(WITHOUT_REGISTRY.has(view) ? {} : { ...apiOptions(), relayUrl: relayUrl() });
      await el.modal.setLocale('en-XA');
      const names = (await SETUPS[view]!(el)) ?? [];
      await waitFor(() => $router.get().view === view, 10_000, `the ${view} view`);
      await waitFor(() => deep(el, tagOf(view)), 12_000, `<${tagOf(view)}>`);
      await expectLocalized(view, names);
    });
  }

  it('the buttons are fully localized, connected and not', async () => {
    await mountModal();
    document.body.insertAdjacentHTML(
      'beforeend',
      '<w3-button></w3-button><w3-connect-button></w3-connect-button><w3-network-button></w3-network-button>',
    );
    await setLocale('en-XA');
    await expectLocalized(`buttons, disconnected (${$locale.get()}: ${msg('Connect Wallet')})`);
    connectAccount();
    document.body.insertAdjacentHTML('beforeend', '<w3-account-button></w3-account-button>');
    await expectLocalized('buttons, connected');
  });

  it('a toast and an alert are fully localized', async () => {
    const el = await mountModal();
    await el.modal.setLocale('en-XA');
    connectAccount();
    await el.modal.open({ view: 'WalletReceive' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-wallet-receive-view'), 10_000, 'receive view');
    deep<HTMLElement>(view, 'w3-ui-button', 'button')!.click();
    await waitFor(() => deep(el, 'w3-ui-toast', '[role="status"], [role="alert"]')?.textContent?.trim(), 10_000, 'toast');
    await expectLocalized('toast');
    showAlert('SERVER_ERROR');
    await waitFor(() => el.shadowRoot!.querySelector('.alert[role="alert"]'), 2000, 'alert');
    await expectLocalized('alert');
  });

  it('the check itself catches an English text and an English label, and lets data through', async () => {
    const host = document.createElement('div');
    host.innerHTML =
      '<p>⟦Çóññéçt Wállét⟧</p><p>0xf39F…2266</p><p><span>0x</span><span>f39F</span></p><p>Ethereum</p><button aria-label="Close">⟦×⟧</button><p>Send ETH</p><p>Add</p><p hidden>Hidden</p>';
    document.body.append(host);
    await setLocale('en-XA');
    const found = offenders(host, dataNames(['Ethereum']));
    expect(found).to.deep.equal(['div > button [aria-label]: "Close"', 'div > p: "Send ETH"', 'div > p: "Add"']);
  });
});
