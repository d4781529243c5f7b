/**
 * The 'w3kit Dev Wallet' of the demo pages: one wallet on two chains, so a person can connect EVM
 * and Solana at once with no extension. It asks the person at the keyboard (one prompt panel,
 * demo/dev-wallet/prompt.ts) before connecting, signing or sending on either.
 * - EVM: an EIP-6963 wallet (test/fixtures/eip1193-wallet.ts) backed by local Hardhat nodes.
 * - Solana: a Wallet Standard wallet of the same name and icon (test/fixtures/solana-wallet.ts),
 *   so Connect shows one row that connects both namespaces, on the chain `solana:localnet`. Its
 *   account is the dev account `npm start` funds: the bundler puts the seed scripts/lib/svm.mjs
 *   derives (sha256 of DEV_SOLANA_SEED_TEXT) into the bundle as __W3KIT_DEV_SOLANA_SEED__.
 *   signAndSendTransaction sends to the local SVM at data-solana-rpc-url.
 * - Bitcoin: a Wallet Standard Bitcoin wallet of the same name and icon
 *   (test/fixtures/bitcoin-wallet.ts), on `bitcoin:regtest` (the local chain `w3kit-server btc`
 *   runs): its payment account is the dev account the chain funds with 10 BTC (the key is the
 *   SHA-256 of 'w3kit dev bitcoin account', as server/src/chains/bip122/devchain/network.ts
 *   derives it), its ordinals account the P2TR of the same key. It signs BIP-322 messages and
 *   PSBTs after the same prompt. data-bitcoin = false (or `bitcoin: false`) for none.
 *
 * Bundled by scripts/bundle-demo-wallets.mjs to dist/demo/dev-wallet.js (a classic script):
 *
 *   <script src="/dev-wallet.js"></script>                         chain 31337 at 127.0.0.1:8545, 31338 at :8546, SVM at :8899
 *   <script src="/dev-wallet.js" data-rpc-url="http://127.0.0.1:9000" data-chain-id="31337"></script>
 *   <script src="/dev-wallet.js" data-rpc-urls='{"31337":"http://127.0.0.1:8545","31338":"http://127.0.0.1:8546"}'
 *           data-solana-rpc-url="http://127.0.0.1:8899"></script>
 *
 * Settings, later ones winning: the defaults, the script's data attributes (data-rpc-urls as JSON
 * or "31337=url,31338=url"; data-rpc-url for the starting chain; data-chain-id; data-accounts;
 * data-mode = prompt|approve|reject|hang, for both chains; data-inject-window-ethereum;
 * data-solana-rpc-url; data-solana = false for no Solana wallet), then
 * `window.W3KIT_DEV_WALLET = { rpcUrls, chainId, accounts, mode, name, rdns, injectWindowEthereum,
 * solana, solanaRpcUrl, solanaSeed }` set before the script runs (solanaSeed: 64 hex characters).
 * The wallets are `window.w3kitDevWallet` (EVM), `window.w3kitDevSolanaWallet` and `window.w3kitDevBitcoinWallet`.
 */
import { createTestWallet, type TestWallet, type TestWalletOptions, type WalletMode } from '../../test/fixtures/eip1193-wallet.js';
import { createSolanaTestWallet, type SolanaTestWallet } from '../../test/fixtures/solana-wallet.js';
import { sha256 } from '@scure/btc-signer/utils.js';
import { createBitcoinTestWallet, type BitcoinTestWallet } from '../../test/fixtures/bitcoin-wallet.js';
import { describeBitcoinRequest } from './bitcoin-requests.js';
import { parseRpcUrls } from '../rpc-urls.js';
import { describeEvmRequest } from './evm-requests.js';
import { createPrompt } from './prompt.js';
import { describeSolanaRequest } from './solana-requests.js';

/** The dev Solana account's ed25519 seed (64 hex characters), put in by the bundler. */
declare const __W3KIT_DEV_SOLANA_SEED__: string | undefined;

interface DevWalletSettings {
  rpcUrls: Record<number, string>;
  chainId: number;
  accounts?: number;
  mode?: WalletMode;
  name?: string;
  rdns?: string;
  injectWindowEthereum?: boolean;
  /** Offer the Solana wallet too (default true). */
  solana?: boolean;
  solanaRpcUrl: string;
  /** The Solana account's seed, 64 hex characters (default: the dev account's). */
  solanaSeed?: string;
  /** Offer the Bitcoin wallet too (default true). */
  bitcoin?: boolean;
}

declare global {
  interface Window {
    W3KIT_DEV_WALLET?: Partial<DevWalletSettings>;
    w3kitDevWallet?: TestWallet;
    w3kitDevSolanaWallet?: SolanaTestWallet;
    w3kitDevBitcoinWallet?: BitcoinTestWallet;
  }
}

const MODES: WalletMode[] = ['approve', 'reject', 'hang', 'prompt'];

function readSettings(script: HTMLOrSVGScriptElement | null): DevWalletSettings {
  const settings: DevWalletSettings = {
    rpcUrls: { 31337: 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' },
    chainId: 31337,
    mode: 'prompt',
    solanaRpcUrl: 'http://127.0.0.1:8899',
  };
  const data = script instanceof HTMLElement ? script.dataset : undefined;
  if (data) {
    if (data.chainId) settings.chainId = Number(data.chainId);
    if (data.rpcUrls) settings.rpcUrls = parseRpcUrls(data.rpcUrls);
    if (data.rpcUrl) settings.rpcUrls = { ...(data.rpcUrls ? settings.rpcUrls : {}), [settings.chainId]: data.rpcUrl };
    if (data.accounts) settings.accounts = Number(data.accounts);
    if (data.mode && MODES.includes(data.mode as WalletMode)) settings.mode = data.mode as WalletMode;
    if (data.injectWindowEthereum !== undefined) settings.injectWindowEthereum = data.injectWindowEthereum !== 'false';
    if (data.solana !== undefined) settings.solana = data.solana !== 'false';
    if (data.bitcoin !== undefined) settings.bitcoin = data.bitcoin !== 'false';
    // Left unfilled (the page served some other way): the default.
    if (data.solanaRpcUrl && !data.solanaRpcUrl.startsWith('__')) settings.solanaRpcUrl = data.solanaRpcUrl;
  }
  const preset = window.W3KIT_DEV_WALLET;
  if (preset && typeof preset === 'object') Object.assign(settings, preset);
  return settings;
}

// ---- start ----

const settings = readSettings(document.currentScript);
const prompt = createPrompt();
const options: TestWalletOptions = {
  rpcUrls: settings.rpcUrls,
  chainId: settings.chainId,
  ...(settings.accounts ? { accounts: settings.accounts } : {}),
  name: settings.name ?? 'w3kit Dev Wallet',
  rdns: settings.rdns ?? 'dev.w3kit.devwallet',
  injectWindowEthereum: settings.injectWindowEthereum ?? false,
  prompt: ({ method, params }) => prompt({ wallet: wallet.info, method, described: describeEvmRequest(wallet, method, params) }),
};
const wallet: TestWallet = createTestWallet(options);
wallet.setMode(settings.mode ?? 'prompt');
window.w3kitDevWallet = wallet;

const devSeed = typeof __W3KIT_DEV_SOLANA_SEED__ === 'string' ? __W3KIT_DEV_SOLANA_SEED__ : undefined;
const solanaSeed = settings.solanaSeed ?? devSeed;
if (settings.solana !== false && solanaSeed) {
  const chains = ['solana:localnet'];
  const solana: SolanaTestWallet = createSolanaTestWallet({
    seed: solanaSeed,
    name: wallet.info.name,
    icon: wallet.info.icon,
    chains,
    rpcUrl: settings.solanaRpcUrl,
    storageKey: `w3kit-dev-wallet:solana:${wallet.info.name}`,
    mode: settings.mode ?? 'prompt',
    prompt: (request) =>
      prompt({ wallet: wallet.info, method: request.feature, described: describeSolanaRequest(request, solana.address, chains) }),
  });
  solana.register();
  window.w3kitDevSolanaWallet = solana;
}

if (settings.bitcoin !== false) {
  const chain = 'bitcoin:regtest';
  const bitcoin: BitcoinTestWallet = createBitcoinTestWallet({
    privateKey: sha256(new TextEncoder().encode('w3kit dev bitcoin account')),
    name: wallet.info.name,
    icon: wallet.info.icon,
    network: 'regtest',
    storageKey: `w3kit-dev-wallet:bitcoin:${wallet.info.name}`,
    mode: settings.mode ?? 'prompt',
    prompt: (request) =>
      prompt({
        wallet: wallet.info,
        method: request.feature,
        described: describeBitcoinRequest(request, [bitcoin.address, bitcoin.ordinalsAddress], chain),
      }),
  });
  bitcoin.register();
  window.w3kitDevBitcoinWallet = bitcoin;
}
