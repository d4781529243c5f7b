/**
 * The demo pages as `npm start` serves them (scripts/lib/demo-server.mjs, the built dist/), with
 * two Hardhat nodes, the local SVM (the dev account seeded), the local Bitcoin chain (the dev
 * account funded), the backend and its relay: the network lists hold both local chains, the
 * local SVM and Bitcoin Regtest (and the public ones only with ?public), the favicon is served,
 * and no page logs a warning or an error (the WalletConnect Dev Wallet's metadata url matches
 * its page). The Dev Wallet is one wallet on EVM, Solana and Bitcoin: one row in Connect, whose
 * prompts connect the three namespaces, the Solana one on the funded dev account, the Bitcoin one
 * on the dev account the chain funds, and signs and sends on Solana through the same prompt. The
 * pages' presets (npm start's fixed ports) are routed to this suite's chains. The Dev Wallet is
 * bundled afresh; the rest of dist/ comes from `node scripts/build.mjs`. Screenshots go to /tmp/shots14/.
 */
import { verify } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import bs58 from 'bs58';
import {
  createAssociatedTokenAccountInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_BITCOIN_KEY } from '../../server/src/chains/bip122/devchain/network.js';
import { startBtcDevChain, type RunningBtcDevChain } from '../../server/src/chains/bip122/devchain/server.js';
import { DEV_PROJECT_ID, startServer, type RunningServer } from '../../server/src/index.js';
import { bundleDevWallet } from '../../scripts/bundle-demo-wallets.mjs';
import { ensureBrowser } from '../../scripts/lib/browser.mjs';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium.mjs';
import { startDemoServer } from '../../scripts/lib/demo-server.mjs';
import { startChains, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { DEV_SOLANA_ADDRESS, DEV_SPL_MINT, seedDevSolana, startSvm, type LocalSvm } from '../../scripts/lib/svm.mjs';
import { networks } from '../../src/wire/networks.js';
import { describeSolanaMessage, describeSolanaRequest, describeTransaction, formatUnits } from '../../demo/dev-wallet/solana-requests.js';
import { afterConnect, approveConnect, routePresetPorts } from './page.js';

const SOLANA_LOCAL = networks.solanaLocal.caipNetworkId;
const BITCOIN_REGTEST = networks.bitcoinRegtest.caipNetworkId;
/** The Dev Wallet's prompts on connecting the plain demo: one per namespace. */
const CONNECT_PROMPTS = ['eth_requestAccounts', 'standard:connect', 'bitcoin:connect'];
const SHOTS = '/tmp/shots14';

let chains: { chainA: HardhatNode; chainB: HardhatNode; stop(): Promise<void> };
let svm: LocalSvm;
let btc: RunningBtcDevChain;
let server: RunningServer;
let demo: { url: string; close(): Promise<void> };
let browser: Browser;

beforeAll(async () => {
  [chains, svm, browser, btc] = await Promise.all([
    startChains(),
    // The Dev Wallet as it is now (the rest of dist/ comes from the build).
    bundleDevWallet().then(() => startSvm()),
    ensureBrowser({ quiet: true }).then((executablePath) => chromium.launch({ executablePath, args: CHROMIUM_ARGS })),
    // The local Bitcoin chain `npm start` runs (`w3kit-server btc`): the Dev Wallet's Bitcoin account gets 10 BTC.
    startBtcDevChain({ port: 0, onError: () => undefined }),
  ]);
  await seedDevSolana(svm);
  // The prices `npm start` sets on the local SVM: SOL 150 USD, W3USD 1.
  const prices = {
    usdPrices: async (chainId: string, tokens: readonly string[]) =>
      new Map(tokens.map((t) => [t, chainId === SOLANA_LOCAL ? ({ native: 150, [DEV_SPL_MINT]: 1 }[t] ?? 0) : 0])),
  };
  server = await startServer({
    port: 0,
    seed: { wallets: 5 },
    relayPort: 0,
    framePort: 0,
    smtpSink: 0,
    evmRpc: chains.chainA.url,
    solanaRpc: svm.url,
    bitcoinEsplora: btc.url,
    prices,
  });
  demo = await startDemoServer({
    rpcUrls: { 31337: chains.chainA.url, 31338: chains.chainB.url },
    solanaRpcUrl: svm.url,
    apiUrl: server.url,
    relayUrl: server.relayUrl!,
    secureSiteUrl: server.frameUrl!,
    projectId: DEV_PROJECT_ID,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await demo?.close();
  await server?.close();
  await chains?.stop();
  await svm?.close();
  await btc?.close();
});

/** The page's requests to `npm start`'s ports go to this suite's chains (./page.ts). */
const routePorts = (page: Page) =>
  routePresetPorts(page, { chainA: chains.chainA.url, chainB: chains.chainB.url, svm: svm.url, btc: btc.url });

/** Opens a page and records what it logs and every failed request. */
async function open(path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage();
  await routePorts(page);
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('requestfailed', (r) => problems.push(`failed ${r.url()} ${r.failure()?.errorText}`));
  await page.goto(demo.url + path);
  return { page, problems };
}

async function networkList(page: Page): Promise<string[]> {
  await page.locator('w3-network-button button').click();
  const items = page.locator('w3-networks-view w3-ui-list-item');
  await items.first().waitFor();
  return items.evaluateAll((els) => els.map((el) => el.getAttribute('data-network') ?? ''));
}

/** The newest mail to `to` whose subject holds a 6-digit code (or none), waiting up to 15 s. */
async function mailTo(to: string, code: boolean): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 150; i++) {
    const mail = server.mails().find((m) => m.to === to && /\b\d{6}\b/.test(m.subject) === code);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${code ? 'code' : 'device'} mail to ${to}`);
}

describe('demo pages', () => {
  it(
    'the plain demo logs in by e-mail: Connect shows the field, a new account gets its code at once, the code leads to Account',
    { timeout: 60_000 },
    async () => {
      const { page, problems } = await open('/');
      const email = `demo-${Date.now()}@example.com`;
      await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
      const field = page.locator('w3-modal').getByRole('textbox', { name: 'Email' });
      await field.fill(email);
      await field.press('Enter');
      await page.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') === 'EmailVerifyOtp');
      await page.locator('w3-modal').getByRole('textbox', { name: 'Digit 1 of 6' }).focus();
      await page.keyboard.type(/\b\d{6}\b/.exec((await mailTo(email, true)).subject)![0]);
      await afterConnect(page, 30_000);
      await expect.poll(() => page.locator('w3-modal').getByText(email).count()).toBeGreaterThan(0);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/demo-email-account.png` });
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it('the plain demo offers the local chains (Bitcoin Regtest too), the public ones only with ?public, and serves its favicon', async () => {
    const { page, problems } = await open('/');
    expect(await networkList(page)).toEqual(['eip155:31337', 'eip155:31338', SOLANA_LOCAL, BITCOIN_REGTEST]);
    expect(await page.locator('w3-networks-view').getByRole('heading', { name: 'Bitcoin networks' }).count()).toBe(1);
    expect(await page.locator('w3-networks-view').getByRole('button', { name: 'Bitcoin Regtest' }).count()).toBe(1);
    const icon = await page.locator('link[rel="icon"]').evaluate((el) => (el as HTMLLinkElement).href);
    const reply = await page.request.get(icon);
    expect(reply.status()).toBe(200);
    expect(reply.headers()['content-type']).toContain('image/svg+xml');
    await expect.poll(() => page.evaluate(() => 'w3kitDevWallet' in window)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();

    const withPublic = await open('/?public');
    expect(await networkList(withPublic.page)).toEqual([
      'eip155:31337',
      'eip155:31338',
      'eip155:1',
      'eip155:11155111',
      SOLANA_LOCAL,
      BITCOIN_REGTEST,
    ]);
    expect(await withPublic.page.locator('#public-note').isVisible()).toBe(true);
    await withPublic.page.close();
  });

  it('the React demo has the Dev Wallet and the local chains, Bitcoin Regtest included, with no warnings', async () => {
    const { page, problems } = await open('/react/');
    await expect.poll(() => page.locator('[data-testid="network"]').textContent()).toBe('Localhost (eip155:31337)');
    await expect.poll(() => page.evaluate(() => 'w3kitDevWallet' in window)).toBe(true);
    const options = await page.locator('select option').evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
    expect(options).toEqual(['eip155:31337', 'eip155:31338', SOLANA_LOCAL, BITCOIN_REGTEST]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the WalletConnect Dev Wallet page starts with no metadata warning', async () => {
    const { page, problems } = await open('/wc-wallet/');
    await page.getByText('Ready: paste a WalletConnect URI').waitFor({ timeout: 20_000 });
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** The Dev Wallet's open prompt for `method` (its panel names the method under the title). */
function prompt(page: Page, method: string) {
  return page.locator('#w3kit-dev-wallet dialog[open]').filter({ hasText: `· ${method}` });
}

/** Waits for the Dev Wallet's prompt for `method`, answers it and returns what it showed. */
async function answer(page: Page, method: string, approve: boolean): Promise<string> {
  const dialog = prompt(page, method);
  await dialog.waitFor({ timeout: 15_000 });
  const shown = (await dialog.innerText()).replace(/\s+/g, ' ');
  await dialog.getByRole('button', { name: approve ? 'Approve' : 'Reject' }).click();
  return shown;
}

/** ed25519 verification by Node's own crypto (OpenSSL), independent of the wallet and the modal. */
function ed25519Verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(publicKey)]);
  return verify(null, message, { key: spki, format: 'der', type: 'spki' }, signature);
}

/** The demo page's 'Send 0.01 SOL to a test account' receiver. */
const RECEIVER = '9C6hybhQ6Aycep9jaUnP6uL9ZYvDjUp1aSkFWPUFJtpj';

/** An account's lamports on the local SVM (0 when it does not exist). */
async function lamports(address: string): Promise<number> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] });
  const reply = (await (await fetch(svm.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json()) as {
    result: { value: number };
  };
  return reply.result.value;
}

const view = (page: Page): Promise<string | null> => page.evaluate(() => document.querySelector('w3-modal')?.getAttribute('view') ?? null);

describe('the Dev Wallet on EVM, Solana and Bitcoin', () => {
  it('shows once in Connect, connects the three namespaces through its prompt, and signs on Solana (approved verifies, rejected is declined)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, problems } = await open('/');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.evaluate(() => 'w3kitDevSolanaWallet' in window)).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { w3kitDevSolanaWallet: { address: string } }).w3kitDevSolanaWallet.address),
    ).toBe(DEV_SOLANA_ADDRESS);

    await page.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    const row = page.locator('w3-modal').getByRole('button', { name: 'w3kit Dev Wallet' });
    await row.first().waitFor();
    await page.waitForTimeout(500); // both discoveries have announced (the Solana one loads lazily)
    expect(await row.count()).toBe(1);
    await row.click();

    const prompts = await approveConnect(page, CONNECT_PROMPTS);
    expect(prompts['eth_requestAccounts']).toContain('Connect to this site?');
    expect(prompts['standard:connect']).toContain('Connect to this site?');
    expect(prompts['standard:connect']).toContain(DEV_SOLANA_ADDRESS);
    expect(prompts['standard:connect']).toContain('solana:localnet');
    expect(prompts['bitcoin:connect']).toContain('Connect to this site?');
    expect(prompts['bitcoin:connect']).toContain(DEV_BITCOIN_KEY.address);
    await afterConnect(page);
    await expect.poll(() => view(page), { timeout: 10_000 }).toBe('Account');
    const accounts = await page.evaluate(() => {
      const modal = document.querySelector('w3-modal')!.modal;
      return { eip155: modal.getAccount('eip155'), solana: modal.getAccount('solana'), bip122: modal.getAccount('bip122') };
    });
    expect(accounts.eip155).toMatchObject({ isConnected: true, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' });
    expect(accounts.solana).toMatchObject({
      isConnected: true,
      address: DEV_SOLANA_ADDRESS,
      caipAddress: `${SOLANA_LOCAL}:${DEV_SOLANA_ADDRESS}`,
    });
    expect(accounts.bip122).toMatchObject({
      isConnected: true,
      address: DEV_BITCOIN_KEY.address,
      caipAddress: `${BITCOIN_REGTEST}:${DEV_BITCOIN_KEY.address}`,
    });

    // The Account view on Solana (both connected: switching needs no prompt), then the Networks view, at 1280 and 375 px.
    await page.evaluate((id) => document.querySelector('w3-modal')!.modal.switchNetwork(id), SOLANA_LOCAL);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'Account' }));
      await expect.poll(() => view(page)).toBe('Account');
      await page.waitForTimeout(1500); // balances arrive, transitions end
      await page.screenshot({ path: `${SHOTS}/demo-account-solana-${width}.png` });
      await page.evaluate(() => document.querySelector('w3-modal')!.modal.open({ view: 'Networks' }));
      await expect.poll(() => view(page)).toBe('Networks');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SHOTS}/demo-networks-${width}.png` });
    }
    await page.evaluate(() => document.querySelector('w3-modal')!.modal.close());
    await page.setViewportSize({ width: 1280, height: 800 });

    // Sign on Solana from the page's button: the prompt shows the message; the base58 signature verifies.
    await page.locator('#sign-solana').click();
    const signPrompt = prompt(page, 'solana:signMessage');
    await signPrompt.waitFor();
    await page.screenshot({ path: `${SHOTS}/demo-solana-sign-prompt-1280.png` });
    expect(await answer(page, 'solana:signMessage', true)).toContain('Hello from the w3kit demo');
    await expect.poll(() => page.locator('#result').textContent(), { timeout: 10_000 }).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    const signature = bs58.decode((await page.locator('#result').textContent())!);
    const message = new TextEncoder().encode('Hello from the w3kit demo');
    expect(ed25519Verify(signature, message, bs58.decode(DEV_SOLANA_ADDRESS))).toBe(true);
    expect(ed25519Verify(signature, new TextEncoder().encode('Hello from the w3kit demo!'), bs58.decode(DEV_SOLANA_ADDRESS))).toBe(false);

    // Rejected in the prompt: 'Signature declined', and both namespaces stay connected.
    await page.locator('#sign-solana').click();
    await answer(page, 'solana:signMessage', false);
    await expect.poll(() => page.locator('#result').textContent(), { timeout: 10_000 }).toBe('Signature declined');
    expect(
      await page.evaluate(() => {
        const modal = document.querySelector('w3-modal')!.modal;
        return [modal.getAccount('eip155').isConnected, modal.getAccount('solana').address];
      }),
    ).toEqual([true, DEV_SOLANA_ADDRESS]);

    // Send 0.01 SOL from the page's button: the prompt says what the transaction does; the SVM has it.
    const before = await lamports(RECEIVER);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator('#send-solana').click();
    await prompt(page, 'solana:signAndSendTransaction').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `${SHOTS}/demo-solana-send-prompt-375.png` });
    const sendPrompt = await answer(page, 'solana:signAndSendTransaction', true);
    expect(sendPrompt).toContain('Send transaction');
    expect(sendPrompt).toContain(`Transfer 0.01 SOL to ${RECEIVER}`);
    expect(sendPrompt).toContain(`Fee payer ${DEV_SOLANA_ADDRESS}`);
    await expect.poll(() => page.locator('#result').textContent(), { timeout: 20_000 }).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    expect(await lamports(RECEIVER)).toBe(before + 10_000_000);
    expect(problems).toEqual([]);
    await page.close();
  }, 90_000);
});

describe('the Dev Wallet, one wallet on three namespaces (issue 28)', () => {
  const modalCall = (page: Page, script: string) => page.evaluate(`document.querySelector('w3-modal').modal.${script}`);
  /** The Connect view's rows and All Wallets' tiles named 'w3kit Dev Wallet', with their tags. */
  async function devWalletShown(page: Page): Promise<{ rows: string[]; tiles: number }> {
    await modalCall(page, `open({ view: 'Connect' })`);
    const rows = page.locator('w3-connect-view w3-ui-list-item').filter({ hasText: 'w3kit Dev Wallet' });
    await rows.first().waitFor();
    await page.waitForTimeout(500); // both discoveries have announced (the Solana one loads lazily)
    const tags = await rows.evaluateAll((els) => els.map((el) => (el as HTMLElement & { tag?: string }).tag ?? ''));
    await modalCall(page, `open({ view: 'AllWallets' })`);
    const tiles = page.locator('w3-all-wallets-view button.tile').filter({ hasText: 'w3kit Dev Wallet' });
    await tiles.first().waitFor();
    return { rows: tags, tiles: await tiles.count() };
  }

  async function connectBoth(page: Page): Promise<void> {
    await modalCall(page, `open({ view: 'Connect' })`);
    const row = page.locator('w3-connect-view').getByRole('button', { name: 'w3kit Dev Wallet' });
    await row.first().waitFor();
    await page.waitForTimeout(500);
    await row.click();
    await approveConnect(page, CONNECT_PROMPTS);
    await expect
      .poll(
        () =>
          modalCall(
            page,
            `getAccount('solana').isConnected && document.querySelector('w3-modal').modal.getAccount('eip155').isConnected && document.querySelector('w3-modal').modal.getAccount('bip122').isConnected`,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
  }

  it('shows once in Connect and All Wallets: before a connection, after a disconnect, and on Solana with only EVM connected', async () => {
    const { page } = await open('/');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => page.evaluate(() => 'w3kitDevSolanaWallet' in window)).toBe(true);
    expect(await devWalletShown(page)).toEqual({ rows: ['Installed'], tiles: 1 });

    await connectBoth(page);
    await modalCall(page, 'disconnect()');
    await expect.poll(() => modalCall(page, `getAccount('eip155').isConnected`)).toBe(false);
    expect(await devWalletShown(page)).toEqual({ rows: ['Recent'], tiles: 1 });
    const recents = await page.evaluate(() => JSON.parse(localStorage.getItem('@w3kit/recentWallets') ?? '[]') as { name: string }[]);
    expect(recents.filter((w) => w.name === 'w3kit Dev Wallet')).toHaveLength(1);

    // Only EVM connected, then Solana Local chosen: still one row.
    await connectBoth(page);
    await modalCall(page, `disconnect('solana')`);
    await expect.poll(() => modalCall(page, `getAccount('solana').isConnected`)).toBe(false);
    await modalCall(page, `switchNetwork(${JSON.stringify(SOLANA_LOCAL)}).catch(() => undefined)`);
    expect(await devWalletShown(page)).toEqual({ rows: ['Recent'], tiles: 1 });
    await page.close();
  }, 90_000);

  it('Buy on Solana Local says nothing can be bought there before anything opens', async () => {
    const { page } = await open('/');
    await expect.poll(() => page.evaluate(() => 'w3kitDevSolanaWallet' in window)).toBe(true);
    await connectBoth(page);
    let popups = 0;
    page.on('popup', () => popups++);
    await modalCall(page, `switchNetwork(${JSON.stringify(SOLANA_LOCAL)})`);
    await modalCall(page, `open({ view: 'Account' })`);
    await page.locator('w3-account-view').getByRole('button', { name: 'Buy' }).click();
    const notice = page.locator('w3-on-ramp-providers-view [data-nothing-to-buy]');
    await notice.waitFor({ timeout: 15_000 });
    expect((await notice.textContent())?.trim()).toBe('No provider sells crypto on Solana Local. Switch to another network to buy.');
    // The backend's sandbox pays out ETH on Localhost only; Meld and Coinbase never sell on a local chain.
    expect(await page.locator('w3-on-ramp-providers-view [data-provider="sandbox"]').textContent()).toContain(
      'Not available on Solana Local: sells on Localhost only',
    );
    expect(await page.locator('w3-on-ramp-providers-view w3-ui-list-item[disabled]').count()).toBe(3);
    await modalCall(page, `open({ view: 'OnRampBuy' })`);
    await page.locator('w3-on-ramp-buy-view [data-nothing-to-buy]').waitFor();
    expect(await page.locator('w3-on-ramp-buy-view [data-continue]').count()).toBe(0);
    expect(popups).toBe(0);
    await page.close();
  }, 90_000);
});

describe("the Dev Wallet's prompt describes Solana requests", () => {
  const owner = new PublicKey(DEV_SOLANA_ADDRESS);
  const receiver = new PublicKey(RECEIVER);
  const mint = new PublicKey(DEV_SPL_MINT);
  const bytesOf = (...instructions: TransactionInstruction[]): Uint8Array => {
    const tx = new Transaction({ feePayer: owner, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(...instructions);
    return Uint8Array.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false }));
  };

  it('an SPL transfer (with the receiver account created) in words; an unknown program by its id; else "a transaction"', () => {
    const from = getAssociatedTokenAddressSync(mint, owner);
    const to = getAssociatedTokenAddressSync(mint, receiver);
    const rows = describeTransaction(
      bytesOf(
        ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
        createAssociatedTokenAccountInstruction(owner, to, receiver, mint),
        createTransferCheckedInstruction(from, mint, to, owner, 2_500_000n, 6),
        createTransferInstruction(from, to, owner, 7n),
        createTransferCheckedInstruction(from, mint, to, owner, 1n, 0, [], TOKEN_2022_PROGRAM_ID),
      ),
    );
    expect(rows).toEqual([
      ['Setup', `create the token account ${to.toBase58()} for ${RECEIVER}`],
      ['Token transfer', `2.5 of token ${DEV_SPL_MINT} to token account ${to.toBase58()}`],
      ['Token transfer', `7 token base units to token account ${to.toBase58()}`],
      ['Token transfer', `1 of token ${DEV_SPL_MINT} to token account ${to.toBase58()}`],
      ['Fee payer', DEV_SOLANA_ADDRESS],
    ]);
    const memo = new TransactionInstruction({ programId: Keypair.generate().publicKey, keys: [], data: Buffer.from('hi') });
    expect(describeTransaction(bytesOf(memo))).toEqual([
      ['Program', memo.programId.toBase58()],
      ['Fee payer', DEV_SOLANA_ADDRESS],
    ]);
    expect(describeTransaction(Uint8Array.of(1, 2, 3))).toEqual([['Transaction', 'a transaction (unreadable)']]);
    expect(describeTransaction('not bytes')).toEqual([['Transaction', 'a transaction']]);
  });

  it('a SOL transfer with its amount; messages as text, or hex when not UTF-8; the network the request names', () => {
    const transfer = SystemProgram.transfer({ fromPubkey: owner, toPubkey: receiver, lamports: 1_234_500_000 });
    const described = describeSolanaRequest(
      { feature: 'solana:signTransaction', inputs: [{ transaction: bytesOf(transfer), chain: 'solana:localnet' }] },
      DEV_SOLANA_ADDRESS,
      ['solana:localnet'],
    );
    expect(described.title).toBe('Sign transaction');
    expect(described.rows).toContainEqual(['Transfer', `1.2345 SOL to ${RECEIVER}`]);
    expect(described.rows).toContainEqual(['Network', 'solana:localnet']);
    expect(describeSolanaMessage(new TextEncoder().encode('Hello'))).toBe('Hello');
    expect(describeSolanaMessage(Uint8Array.of(0xff, 0x00, 0x10))).toBe('0xff0010');
    expect(formatUnits(5n, 9)).toBe('0.000000005');
    expect(formatUnits(10n ** 9n, 9)).toBe('1');
  });
});
