/**
 * The bench's rounds: which pages load together (interleaved, in fresh contexts) and which
 * measures run on each. Sample keys are `load id.measure id` (figures.mjs reads them): the floor
 * loads beside w3kit's page and beside the registry page, the empty page beside w3kit's for the heap.
 */
import { FLOOR_TARGETS, initScript, W3KIT_TARGETS } from './init-script.mjs';
import { buttonUsable, clickToModalPainted } from './measures/load.mjs';
import { emptyPageHeap, heapAfterOpen } from './measures/heap.mjs';
import { connectRoundTrip, EVM_TEST_WALLET, SOLANA_TEST_WALLET } from './measures/connect.mjs';
import { allWalletsFirstRow, allWalletsScrollLongTasks, searchKeystrokeToResults } from './measures/all-wallets.mjs';
import { walletConnectClickToQr } from './measures/walletconnect.mjs';
import { localeSwitch } from './measures/locale.mjs';
import { emailCodeToAccount, socialApprovalToAccount } from './measures/embedded.mjs';
import { amountTypedToQuote } from './measures/swap.mjs';

export const W3KIT_CLICK = 'w3-button w3-connect-button button';
export const FLOOR_CLICK = 'bench-floor button.opener';

/**
 * The groups of loads, in the order they run. `url(file)` gives a page's address (`localUrl(file)`
 * the same on localhost, one site with the frame site); `chainUrl` and
 * `walletBundle` are the Hardhat node and the test wallet script for the connect page;
 * `svmUrl` and `solanaWalletBundle` the local SVM and the Solana test wallet script for the
 * Solana connect page (the `connect` group loads both pages, interleaved); `mailUrl` the backend's
 * SMTP sink for the embedded wallet's page (its frame site on the backend's frame port). The swap
 * page (`swap.html`) uses the same node (demo tokens and the local DEX) and test wallet.
 */
export function roundGroups({ url, localUrl, chainUrl, walletBundle, svmUrl, solanaWalletBundle, mailUrl }) {
  const w3kitInit = { content: initScript(W3KIT_TARGETS) };
  const floor = { id: 'floor', url: url('floor.html'), initScripts: [{ content: initScript(FLOOR_TARGETS) }], click: FLOOR_CLICK };
  const registry = { id: 'registry', url: url('registry.html'), initScripts: [w3kitInit], click: W3KIT_CLICK };
  const testWallet = { rpcUrls: { 31337: chainUrl }, chainId: 31337, storageKey: false };
  const solanaWallet = { rpcUrl: svmUrl, name: SOLANA_TEST_WALLET, mode: 'approve', storageKey: false };
  return [
    {
      name: 'pages',
      loads: [
        { ...floor, measures: [buttonUsable, clickToModalPainted] },
        {
          id: 'w3kit',
          url: url(''),
          initScripts: [w3kitInit],
          click: W3KIT_CLICK,
          measures: [buttonUsable, clickToModalPainted, heapAfterOpen],
        },
        { id: 'empty', url: url('empty.html'), initScripts: [w3kitInit], measures: [emptyPageHeap] },
      ],
    },
    {
      name: 'connect',
      loads: [
        {
          id: 'connect',
          url: url('connect.html'),
          initScripts: [w3kitInit, { content: `window.__W3_TEST_WALLETS__ = [${JSON.stringify(testWallet)}];` }, { path: walletBundle }],
          click: W3KIT_CLICK,
          measures: [connectRoundTrip(EVM_TEST_WALLET)],
        },
        {
          id: 'connectSolana',
          url: url('connect-solana.html'),
          initScripts: [
            w3kitInit,
            { content: `window.__W3_SOLANA_TEST_WALLETS__ = [${JSON.stringify(solanaWallet)}];` },
            { path: solanaWalletBundle },
          ],
          click: W3KIT_CLICK,
          measures: [connectRoundTrip(SOLANA_TEST_WALLET)],
        },
      ],
    },
    {
      name: 'registry',
      loads: [
        { ...floor, id: 'registryFloor', measures: [clickToModalPainted] },
        { ...registry, measures: [allWalletsFirstRow, allWalletsScrollLongTasks, searchKeystrokeToResults] },
      ],
    },
    { name: 'walletconnect', loads: [{ ...registry, id: 'walletconnect', measures: [walletConnectClickToQr] }] },
    { name: 'locale', loads: [{ id: 'locale', url: url(''), initScripts: [w3kitInit], click: W3KIT_CLICK, measures: [localeSwitch] }] },
    {
      name: 'swap',
      loads: [
        {
          id: 'swap',
          url: url('swap.html'),
          initScripts: [w3kitInit, { content: `window.__W3_TEST_WALLETS__ = [${JSON.stringify(testWallet)}];` }, { path: walletBundle }],
          click: W3KIT_CLICK,
          measures: [amountTypedToQuote],
        },
      ],
    },
    {
      name: 'embedded',
      loads: [
        {
          id: 'embedded',
          // On localhost like the frame site (which WebAuthn needs): one site, so the frame keeps its storage.
          url: localUrl('embedded.html'),
          initScripts: [w3kitInit],
          click: W3KIT_CLICK,
          measures: [emailCodeToAccount(mailUrl)],
        },
        // A page of its own: the e-mail round leaves its page connected.
        {
          id: 'embeddedSocial',
          url: localUrl('embedded.html'),
          initScripts: [w3kitInit],
          click: W3KIT_CLICK,
          measures: [socialApprovalToAccount()],
        },
      ],
    },
  ];
}
