#!/usr/bin/env node
/**
 * `npm start`: installs if needed, builds, starts the demos and every local counterpart they
 * use, prints one line per service, then `ready`. Ctrl-C stops everything.
 * Ports (environment variables): W3KIT_DEMO_PORT (4300), W3KIT_HARDHAT_PORT (8545, chain 31337),
 * W3KIT_HARDHAT_B_PORT (8546, chain 31338, for trying network switches), W3KIT_SERVER_PORT (4301,
 * the backend: Provider API, wallet registry and images, analytics; seeded, data in .cache/w3kit-data),
 * W3KIT_RELAY_PORT (4302, the WalletConnect relay), W3KIT_FRAME_PORT (4303, the embedded wallet's
 * secure frame site and auth API, addressed as http://localhost:PORT since WebAuthn refuses IP origins),
 * W3KIT_OIDC_PORT (4304, the development OpenID provider playing every social provider), W3KIT_SMTP_PORT (4325, the development SMTP sink that receives
 * the login mails; they are listed at the backend's /dev/mail), W3KIT_SOLANA_PORT (8899, the local Solana chain,
 * websocket on 8900, in memory), W3KIT_BITCOIN_PORT (18443, the local Bitcoin development chain: regtest behind
 * the Esplora HTTP API, in memory; its dev account gets 10 BTC). The demo contracts (DUSD, DUSDT, DNFT and a spam NFT) are deployed on
 * chain 31337 first, and the backend's Blockchain API indexes it; the Solana dev account gets 100 SOL
 * and 1,000,000 W3USD (an SPL token), and the Blockchain API reads Solana balances from the chain,
 * and Bitcoin balances, UTXOs, history and fee estimates from the Bitcoin chain's Esplora API
 * (--bitcoin-esplora; the backend's --seed prices BTC on regtest).
 * The local DEX (Uniswap V2: WETH, DUSD and DUSDT pools) is deployed on chain 31337 next (or found
 * there), recorded in the backend's data, so the Blockchain API serves swaps on it.
 * The ERC-4337 stack follows on chain 31337 (`w3kit-server aa deploy`: EntryPoint v0.7, Safe
 * accounts, a verifying paymaster; found there on a second start), and its bundler, Alto, runs on
 * W3KIT_BUNDLER_PORT (4337; `w3kit-server bundler`).
 */
import { ensureInstalled, run } from './lib/run.mjs';

await ensureInstalled();
await run('node', ['scripts/build.mjs']);
const { startDemoServer } = await import('./lib/demo-server.mjs');
const { startHardhat } = await import('./lib/hardhat.mjs');
const { startBackend } = await import('./lib/backend.mjs');
const { deployDemoContracts } = await import('./lib/contracts.mjs');
const { deployDex } = await import('./lib/dex.mjs');
const { startSvm, seedDevSolana } = await import('./lib/svm.mjs');
const { startBtc } = await import('./lib/btc.mjs');
const { deployAa, startBundler } = await import('./lib/aa.mjs');
const { SERVER_BUNDLE } = await import('../server/scripts/bundle.mjs');

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const DATA_DIR = '.cache/w3kit-data';
const [chainA, chainB, svm, btc] = await Promise.all([
  startHardhat({ port: env('W3KIT_HARDHAT_PORT', 8545), chainId: 31337 }),
  startHardhat({ port: env('W3KIT_HARDHAT_B_PORT', 8546), chainId: 31338 }),
  startSvm({ port: env('W3KIT_SOLANA_PORT', 8899) }),
  startBtc({ port: env('W3KIT_BITCOIN_PORT', 18443) }),
]);
const [contracts, solana] = await Promise.all([deployDemoContracts(chainA.url), seedDevSolana(svm), setSolanaPrices()]);
const dex = await deployDex(chainA.url, { dataDir: DATA_DIR, tokens: [contracts.dusd, contracts.dusdt] });
// After the DEX: both deploy from Hardhat's dev account 0, so never at once.
const aa = await deployAa(chainA.url);
const bundler = await startBundler({ rpcUrl: chainA.url, port: env('W3KIT_BUNDLER_PORT', 4337) });
const backend = await startBackend({
  port: env('W3KIT_SERVER_PORT', 4301),
  relayPort: env('W3KIT_RELAY_PORT', env('W3KIT_SERVER_PORT', 4301) + 1),
  framePort: env('W3KIT_FRAME_PORT', env('W3KIT_SERVER_PORT', 4301) + 2),
  smtpSink: env('W3KIT_SMTP_PORT', 4325),
  oidcPort: env('W3KIT_OIDC_PORT', 4304),
  dataDir: DATA_DIR,
  evmRpc: chainA.url,
  // Farcaster's relay and registry cannot run offline: the backend's sandbox plays them.
  bitcoinEsplora: btc.url,
  // W3KIT_BUNDLER_URL: the bundler (Alto) the backend's bundler route proxies to; its paymaster service signs as aa deploy's dev paymaster expects.
  env: { W3KIT_SOLANA_RPC: svm.url, W3KIT_FARCASTER_SANDBOX: '1', W3KIT_BUNDLER_URL: bundler.url },
});
const demo = await startDemoServer({
  port: env('W3KIT_DEMO_PORT', 4300),
  rpcUrls: { 31337: chainA.url, 31338: chainB.url },
  solanaRpcUrl: svm.url,
  apiUrl: backend.url,
  relayUrl: backend.relayUrl,
  secureSiteUrl: backend.frameUrl,
});

// The demo pages are addressed on localhost like the frame site: page and frame are then the same
// site, so the frame keeps its storage where browsers block third-party storage (Incognito).
const demoUrl = demo.url.replace('//127.0.0.1:', '//localhost:');
console.log(
  `demo         ${demoUrl}/            (plain HTML, CDN script, w3kit Dev Wallet on EVM, Solana and Bitcoin; chains 31337, 31338, Solana Local and Bitcoin Regtest, ?public adds Ethereum and Sepolia)`,
);
console.log(`react demo   ${demoUrl}/react/      (React 19 wrappers and hooks, w3kit Dev Wallet on EVM, Solana and Bitcoin)`);
console.log(`wc wallet    ${demoUrl}/wc-wallet/  (WalletConnect Dev Wallet: paste the modal's wc: link to pair)`);
console.log(`gallery      ${demoUrl}/gallery/    (every view of the modal in each of its states, from fixtures: no wallet, no backend)`);
console.log(`backend      ${backend.url}   (Provider API, wallet registry, images, analytics, Blockchain API; project w3kit-dev)`);
console.log(`relay        ${backend.relayUrl}    (WalletConnect relay)`);
console.log(`frame        ${backend.frameUrl}   (embedded wallet: secure frame site; e-mail, social, Farcaster sandbox and passkey login)`);
console.log(
  `oidc         ${backend.oidcUrl}   (development OpenID provider: plays Google, GitHub, Apple, Facebook, X, Discord; any login)`,
);
console.log(`smtp         ${backend.smtpUrl}   (development SMTP sink: receives the login mails)`);
console.log(`mail         ${backend.url}/dev/mail   (the mails the sink received: login codes and device approval links)`);
console.log(`hardhat      ${chainA.url}   (chain 31337)`);
console.log(
  `contracts    DUSD ${contracts.dusd}  DUSDT ${contracts.dusdt}  DNFT ${contracts.nft}  spam NFT ${contracts.spamNft}  (chain 31337)`,
);
console.log(`dex          router ${dex.router} (Uniswap V2 on chain ${dex.chainId}: ETH, ${dex.tokens.map((t) => t.symbol).join(', ')})`);
console.log(
  `bundler      ${bundler.url}   (ERC-4337 bundler, Alto, chain ${aa.chainId}: EntryPoint ${aa.entryPoint}, Safe factory ${aa.factory}, paymaster ${aa.paymaster})`,
);
console.log(`hardhat B    ${chainB.url}   (chain 31338)`);
console.log(`solana       ${svm.url} ws ${svm.wsUrl} (local SVM; dev account ${solana.address}, token mint ${solana.mint})`);
console.log(
  `bitcoin      ${btc.url}   (local regtest development chain, Esplora API, read by the backend's Blockchain API; dev account ${btc.devAddress}, 10 BTC, wif ${btc.devWif})`,
);
// The demo pages name their networks by id, so their modal reads the presets' ports (README, "The demo pages name their networks").
const movedChains = [
  ['W3KIT_HARDHAT_PORT', 8545],
  ['W3KIT_HARDHAT_B_PORT', 8546],
  ['W3KIT_SOLANA_PORT', 8899],
  ['W3KIT_BITCOIN_PORT', 18443],
].filter(([name, port]) => env(name, port) !== port);
if (movedChains.length > 0) {
  console.log(
    `note         ${movedChains.map(([name]) => name).join(', ')} moved: the demo pages' modal still reads the presets' ports (8545, 8546, 8899, 18443), so its own balance reads fail there (README)`,
  );
}
console.log('ready');

/** USD prices of SOL (150) and W3USD (1) on the local SVM, set in the backend's data before it starts. */
async function setSolanaPrices() {
  const { LOCAL_SVM_GENESIS_HASH } = await import('../dist/wire/networks.js');
  const { DEV_SPL_MINT } = await import('./lib/svm.mjs');
  const chain = `solana:${LOCAL_SVM_GENESIS_HASH.slice(0, 32)}`;
  for (const [token, usd] of [
    ['native', '150'],
    [DEV_SPL_MINT, '1'],
  ]) {
    await run(process.execPath, [SERVER_BUNDLE, 'prices', 'set', chain, token, usd, '--data', DATA_DIR], { stdio: 'ignore' });
  }
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([demo.close(), backend.close(), chainA.stop(), chainB.stop(), svm.close(), btc.close(), bundler.close()]);
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
