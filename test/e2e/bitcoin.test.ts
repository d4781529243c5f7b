/**
 * The Bitcoin proof (issue 33 section 4), end to end in one page session: the built CDN bundle in
 * Chromium; a Hardhat node, our SVM and the local regtest chain (`w3kit-server btc`'s), each on a
 * free port; our backend (SQLite in a temp directory) verifying Sign in with X, its Blockchain API
 * on those chains; and the demo's Dev Wallet, one wallet on EVM, Solana and Bitcoin (Wallet
 * Standard). One row connects the three; switching shows each account; the Bitcoin sign-in is
 * BIP-322, verified and kept by the backend; a BTC send from WalletSend pays the receiver exactly
 * the amount and the miner exactly the fee; each refusal a person can meet says so and loses
 * nothing; a reload restores the three connections.
 *
 *   node scripts/build.mjs && npx vitest run test/e2e/bitcoin.test.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Verifier } from 'bip322-js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleDevWallet } from '../../scripts/bundle-demo-wallets.mjs';
import { DEV_SOLANA_ADDRESS, seedDevSolana, startSvm, type LocalSvm } from '../../scripts/lib/svm.mjs';
import { DEV_BITCOIN_KEY, DEV_MINER_KEY } from '../../server/src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../server/src/chains/bip122/devchain/server.js';
import { startServer } from '../../server/src/index.js';
import { formatUnits } from '../../src/core/format.js';
import { networks } from '../../src/wire/networks.js';
import { createBitcoinTestWallet } from '../fixtures/bitcoin-wallet.js';
import * as b from './bitcoin-page.js';
import { startHarness, type Harness } from './harness.js';

const WALLET = 'w3kit Dev Wallet';
const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BTC_ADDRESS = DEV_BITCOIN_KEY.address;
const REGTEST = networks.bitcoinRegtest.caipNetworkId;
const SOLANA = networks.solanaLocal.caipNetworkId;
const receiver = (seed: string) => createBitcoinTestWallet({ storageKey: false, privateKey: seed.repeat(32) }).address;

let h: Harness;
let svm: LocalSvm;
let btc: RunningBtcDevChain;
let backend: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let context: BrowserContext | undefined;
let urls: b.Urls;

const liveSessions = () =>
  (
    backend.db.prepare('SELECT address, chain_id AS chainId, revoked_at AS revokedAt FROM siwx_sessions ORDER BY created_at').all() as {
      address: string;
      chainId: string;
      revokedAt: number | null;
    }[]
  )
    .filter((s) => s.revokedAt === null)
    .map((s) => `${s.chainId}:${s.address}`);

/** Chooses `name` in the Networks view; a namespace with no session yet asks to sign in first. */
async function choose(p: Page, name: string, namespace: string, signIn: boolean): Promise<void> {
  await p.evaluate(() => (window as any).modal.open({ view: 'Networks' }));
  await p.locator('w3-modal').getByRole('button', { name }).click();
  await expect.poll(() => b.activeChain(p)).toBe(namespace);
  // With a session already (signed in earlier), the check answers 'authenticated' and nothing opens.
  await (signIn ? b.signIn(p) : b.signedIn(p));
}

/** The Account view shows the active account's address (truncated) and its balance. */
async function expectAccount(p: Page, address: string, balance: RegExp): Promise<void> {
  await p.evaluate(() => (window as any).modal.open({ view: 'Account' }));
  await expect.poll(() => b.shown(p, 'w3-account-view [data-name]')).toBe(`${address.slice(0, 4)}…${address.slice(-6)}`);
  await expect.poll(() => b.shown(p, 'w3-account-view [data-balance="ready"]'), { timeout: 15_000 }).toMatch(balance);
  await p.evaluate(() => (window as any).modal.close());
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'w3kit-e2e-bitcoin-'));
  [h, svm, btc] = await Promise.all([
    startHarness(),
    startSvm({ port: 0, dataDir }),
    startBtcDevChain({ port: 0, onError: () => undefined }),
    bundleDevWallet(),
  ]);
  await seedDevSolana(svm);
  backend = await startServer({
    port: 0,
    relayPort: 0,
    dataDir,
    seed: true,
    evmRpc: h.chainA.url,
    solanaRpc: svm.url,
    bitcoinEsplora: btc.url,
  });
  urls = { evm: h.chainA.url, svm, btc: btc.url, api: backend.url, relay: backend.relayUrl as string };
}, 120_000);

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await Promise.allSettled([h?.stop(), backend?.close(), btc?.close(), svm?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Bitcoin beside EVM and Solana, end to end (issue 33)', { timeout: 120_000 }, () => {
  it('one row connects three namespaces; switching, BIP-322 sign-in, a BTC send to the miner, refusals that lose nothing, reload', async () => {
    const path = `/btc-${Math.random().toString(36).slice(2)}.html`;
    h.pages.set(path, b.appPage(urls));
    context = await h.browser.newContext();
    await b.addDevWallet(context, urls);
    const p = await context.newPage();
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await p.goto(h.baseUrl + path);
    await p.waitForFunction(() => (window as any).modal !== undefined && (window as any).w3kitDevBitcoinWallet !== undefined);

    // Connect: one row (the Bitcoin discovery, a lazy chunk, has loaded), three namespaces; sign in on Localhost.
    const discovery = b.chunkOf('dist/chains/bip122/discovery.js');
    await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await p.waitForFunction((c) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(c)), discovery);
    const row = p.locator('w3-connect-view').getByRole('button', { name: WALLET });
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    await row.click();
    await b.signIn(p);
    const connected: [string, string][] = [
      ['eip155', EVM_ADDRESS],
      ['solana', DEV_SOLANA_ADDRESS],
      ['bip122', BTC_ADDRESS],
    ];
    for (const [ns, address] of connected)
      await expect.poll(() => b.account(p, ns), { timeout: 10_000 }).toMatchObject({ isConnected: true, address });
    expect(liveSessions()).toEqual([`eip155:31337:${EVM_ADDRESS}`]);
    await expectAccount(p, EVM_ADDRESS, /^10,?000(\.0+)? ETH$/);

    // Switch: Solana, then Bitcoin (each signs in once), then back to Localhost with no prompt.
    await choose(p, 'Solana Local', 'solana', true);
    await expectAccount(p, DEV_SOLANA_ADDRESS, /^100(\.0+)? SOL$/);
    await choose(p, 'Bitcoin Regtest', 'bip122', true);
    await expectAccount(p, BTC_ADDRESS, /^10(\.0+)? BTC$/);
    expect(liveSessions()).toEqual([`eip155:31337:${EVM_ADDRESS}`, `${SOLANA}:${DEV_SOLANA_ADDRESS}`, `${REGTEST}:${BTC_ADDRESS}`]);
    // The Bitcoin session: a BIP-322 signature of the CAIP-122 message, verified here too.
    const [session] = (await p.evaluate(() => (window as any).modal.getSiwxSessions('bip122'))) as { message: string; signature: string }[];
    expect(session!.message).toContain(`${BTC_ADDRESS}\n`);
    expect(Verifier.verifySignature(BTC_ADDRESS, session!.message, session!.signature)).toBe(true);
    expect(Verifier.verifySignature(BTC_ADDRESS, `${session!.message}!`, session!.signature)).toBe(false);
    await choose(p, 'Localhost', 'eip155', false);
    await expectAccount(p, EVM_ADDRESS, /^10,?000(\.0+)? ETH$/);
    await choose(p, 'Bitcoin Regtest', 'bip122', false);

    // Send 0.5 BTC: the receiver gets exactly that, the block's coinbase exactly the fee (the dev chain has no subsidy).
    const to = receiver('a1');
    const before = await b.sats(btc.url, BTC_ADDRESS);
    expect(await b.sats(btc.url, to)).toBe(0);
    await b.openSend(p);
    await b.fillSend(p, '0.5', to);
    expect(await b.reviewSettled(p)).toBe('');
    await b.sendButton(p).click();
    await expect.poll(() => b.view(p), { timeout: 15_000 }).toBe('Account');
    await expect.poll(() => b.sats(btc.url, to), { timeout: 15_000 }).toBe(50_000_000);
    const [tx] = await b.txsOf(btc.url, to);
    expect(tx!.status.confirmed).toBe(true);
    expect(tx!.fee).toBeGreaterThan(0);
    expect(before - (await b.sats(btc.url, BTC_ADDRESS))).toBe(50_000_000 + tx!.fee);
    const coinbase = (await b.txsOf(btc.url, DEV_MINER_KEY.address)).find((t) => t.status.block_hash === tx!.status.block_hash);
    expect(coinbase?.vout.map((o) => [o.scriptpubkey_address, o.value])).toEqual([[DEV_MINER_KEY.address, tx!.fee]]);
    const left = await b.sats(btc.url, BTC_ADDRESS);
    await expect.poll(() => b.shown(p, 'w3-account-view [data-balance="ready"]'), { timeout: 15_000 }).toMatch(/^9\.\d+ BTC$/);

    // Refusals: each says what is wrong; the form keeps its values; nothing is broadcast.
    const other = receiver('b2');
    const sent = (await b.txsOf(btc.url, BTC_ADDRESS)).length;
    await b.openSend(p);
    await b.fillSend(p, '0.1', 'not-a-bitcoin-address');
    await expect.poll(() => b.fieldError(p, 'To')).toBe('Invalid address');
    expect(await b.formValues(p)).toEqual({ amount: '0.1', to: 'not-a-bitcoin-address' });
    // The shape of a regtest address with a broken checksum: the Review step refuses it.
    const broken = `${other.slice(0, -1)}${other.endsWith('q') ? 'p' : 'q'}`;
    await b.fillSend(p, '0.1', broken);
    expect(await b.reviewSettled(p)).toBe('This is not a Bitcoin address');
    expect(await b.backToEdit(p)).toEqual({ amount: '0.1', to: broken });

    await b.fillSend(p, '20', other);
    await expect.poll(() => b.fieldError(p, 'Amount')).toBe('Insufficient funds');
    expect(await b.formValues(p)).toEqual({ amount: '20', to: other });
    // The whole balance (one coin, the change of the send): nothing is left for the fee, 110 vB (one P2WPKH input
    // and one output) at the chain's 3 sat/vB.
    const all = formatUnits(BigInt(left), 8);
    await b.fillSend(p, all, other);
    expect(await b.reviewSettled(p)).toBe(
      `Insufficient funds: the amount and its fee need ${formatUnits(BigInt(left) + 330n, 8)} BTC, the account can spend ${all} BTC`,
    );
    expect(await b.backToEdit(p)).toEqual({ amount: all, to: other });

    await b.fillSend(p, '0.000001', other);
    expect(await b.reviewSettled(p)).toBe('The amount is too small to send to this address: at least 0.00000294 BTC');
    expect(await b.backToEdit(p)).toEqual({ amount: '0.000001', to: other });

    await p.evaluate(() => (window as any).w3kitDevBitcoinWallet.setMode('reject'));
    await b.fillSend(p, '0.1', other);
    expect(await b.reviewSettled(p)).toBe('');
    await b.sendButton(p).click();
    await expect.poll(() => b.reviewAlert(p)).toBe('Signature declined');
    expect(await b.view(p)).toBe('WalletSend');
    expect(await b.backToEdit(p)).toEqual({ amount: '0.1', to: other });
    await p.evaluate(() => (window as any).w3kitDevBitcoinWallet.setMode('approve'));
    expect(await b.sats(btc.url, BTC_ADDRESS)).toBe(left);
    expect(await b.sats(btc.url, other)).toBe(0);
    expect((await b.txsOf(btc.url, BTC_ADDRESS)).length).toBe(sent);
    expect(btc.chain.mempoolTxids).toEqual([]);

    // Reload: the three connections come back, Bitcoin still active, and no sign-in is asked again.
    await p.reload();
    await p.waitForFunction(() => ['eip155', 'solana', 'bip122'].every((ns) => (window as any).modal?.getAccount(ns).isConnected), null, {
      timeout: 15_000,
    });
    expect(await b.account(p, 'bip122')).toMatchObject({ address: BTC_ADDRESS });
    expect(await b.activeChain(p)).toBe('bip122');
    await p.locator('w3-button').getByRole('button', { name: /BTC/ }).waitFor({ timeout: 15_000 });
    await b.signedIn(p);
    expect(await p.evaluate(() => document.querySelector('w3-modal')?.hasAttribute('open'))).toBe(false);
    expect(liveSessions()).toHaveLength(3);
    expect(errors).toEqual([]);
  });
});
