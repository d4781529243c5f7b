/**
 * Social login end to end (issue 16): Google (OpenID discovery, id token) and GitHub (the OAuth 2
 * endpoints form) played by the development OpenID provider, in a real popup; the wallet connects,
 * signs and sends on eip155 and solana, and survives a reload; the Account's wallet row names the
 * provider with its mark (not 'Email'), after the login and after the reload; an e-mail user and a GitHub login
 * with the same verified address reach the same wallet; closing the popup says so and 'Try
 * again' works; a tampered state is refused; Farcaster through the sandbox sign-in page. The page
 * never receives a token or a key. (A replayed code, an id token for another audience, an expired
 * one and a wrong nonce are refused in server/src/auth/social/*.test.ts, over real HTTP.)
 */
import { ed25519 } from '@noble/curves/ed25519';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Page } from 'playwright-core';
import { createPublicClient, http, verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { receivedByPage, recordMessages, rpc, startRequest } from './embedded-probe.js';
import { approveInFrame, embeddedSuite, login, modal, openApp, waitView } from './embedded-harness.js';
import { afterConnect } from './page.js';

const suite = embeddedSuite(240_000);
const FEATURES = { email: true, socials: ['google', 'github', 'farcaster'] };
const unique = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}`;

async function newApp(): Promise<Page> {
  const context = await suite.newContext(recordMessages, { viewport: { width: 1280, height: 1000 } });
  // The development provider's login page asks Google Fonts for its font: not here.
  await context.route(/fonts\.(googleapis|gstatic)\.com/, (route) => route.abort());
  return openApp(suite.eh, context, { features: FEATURES });
}

const addresses = (p: Page) =>
  p.evaluate(() => ({ evm: (window as any).modal.getAccount('eip155').address, sol: (window as any).modal.getAccount('solana').address }));

/** Clicks the provider's button in Connect; returns the popup the click opened. */
async function openPopup(p: Page, provider: string): Promise<Page> {
  const button = modal(p).getByRole('button', { name: provider, exact: true });
  if (!(await button.isVisible())) await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
  const popup = p.context().waitForEvent('page');
  await button.click();
  return popup;
}

/** The Account view's wallet row after a social login: its text, once it shows the provider's mark (issue 32, section 4). */
async function walletRow(p: Page, provider: string): Promise<string> {
  const row = modal(p).locator(`w3-ui-list-item:has([data-wallet-social="${provider}"])`);
  await row.waitFor({ timeout: 15_000 });
  // The provider's own mark (<w3-ui-social-mark>), drawn once its lazy chunk has loaded.
  await row.locator('[data-wallet-social] w3-ui-social-mark svg').waitFor({ timeout: 5000 });
  expect(await row.locator('[data-wallet-social] svg').count()).toBe(1);
  return (await row.textContent())!.trim();
}

/** Logs in at the development provider as `login` (any name works there). */
async function providerLogin(popup: Page, login: string): Promise<void> {
  await popup.locator('input[name="login"]').fill(login);
  await popup.locator('input[name="password"]').fill('any password');
  await popup.locator('button[type="submit"]').click();
}

describe('embedded wallet: social login', { timeout: 180_000 }, () => {
  it('logs in with Google in a popup, signs and sends on eip155 and solana, keeps the session on reload; no token or key reaches the page', async () => {
    const p = await newApp();
    const name = unique('alice');
    const popup = await openPopup(p, 'Google');
    await providerLogin(popup, name);
    await afterConnect(p, 30_000);
    await p.waitForFunction(() => (window as any).modal.getAccount('solana').isConnected === true, null, { timeout: 15_000 });
    const { evm, sol } = await addresses(p);
    expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // The account names how the user logged in.
    await expect.poll(() => modal(p).getByText(name).count()).toBeGreaterThan(0);
    await expect.poll(() => p.evaluate(() => localStorage.getItem('@w3kit/socialProvider'))).toContain('google');
    // The wallet row is the provider with its mark, not 'Email'.
    expect(await walletRow(p, 'google')).toBe('Google');

    const signed = await startRequest(p, "modal.signMessage('hello social', { namespace: 'eip155' })");
    const evmSig = await approveInFrame(p, signed);
    expect(evmSig.ok, evmSig.value).toBe(true);
    expect(await verifyMessage({ address: evm as Hex, message: 'hello social', signature: evmSig.value as Hex })).toBe(true);
    const solSigned = await startRequest(p, "modal.signMessage('hello social', { namespace: 'solana' })");
    const solSig = await approveInFrame(p, solSigned);
    expect(ed25519.verify(bs58.decode(solSig.value), new TextEncoder().encode('hello social'), new PublicKey(sol).toBytes())).toBe(true);

    await rpc(suite.eh.h.chainA.url, 'hardhat_setBalance', [evm, '0xDE0B6B3A7640000']);
    await rpc(suite.eh.svm.url, 'requestAirdrop', [sol, 2 * LAMPORTS_PER_SOL]);
    const to = privateKeyToAccount(`0x${'33'.repeat(32)}`).address;
    const sent = await startRequest(p, `modal.sendTransaction({ to: '${to}', value: '1000000000000000' }, { namespace: 'eip155' })`);
    const tx = await approveInFrame(p, sent);
    expect(tx.ok, tx.value).toBe(true);
    const receipt = await createPublicClient({ transport: http(suite.eh.h.chainA.url) }).waitForTransactionReceipt({
      hash: tx.value as Hex,
    });
    expect(receipt.status).toBe('success');
    await expect
      .poll(() => new Connection(suite.eh.svm.url, 'confirmed').getBalance(new PublicKey(sol)), { timeout: 20_000 })
      .toBeGreaterThan(0);
    const solTo = Keypair.generate().publicKey.toBase58();
    await p.evaluate(() =>
      (window as any).modal.switchNetwork((window as any).modal.getAccount('solana').caipAddress.split(':').slice(0, 2).join(':')),
    );
    const solSent = await startRequest(p, `modal.sendTransaction({ to: '${solTo}', value: '5000000' }, { namespace: 'solana' })`);
    const solTx = await approveInFrame(p, solSent);
    expect(solTx.ok, solTx.value).toBe(true);
    await expect
      .poll(() => new Connection(suite.eh.svm.url, 'confirmed').getBalance(new PublicKey(solTo)), { timeout: 20_000 })
      .toBe(5_000_000);

    const received = await receivedByPage(p);
    expect(received).toContain('social-result');
    expect(received).not.toMatch(/eyj[a-z0-9_-]+\.eyj/); // no JWT (id or access token)
    expect(received).not.toMatch(/"(token|id_token|access_token|code|share|socialid)"/);

    await p.reload();
    await expect.poll(() => p.evaluate(() => (window as any).modal?.getAccount('eip155').address), { timeout: 30_000 }).toBe(evm);
    // The restored session knows the provider too (the backend keeps it with the session).
    await p.evaluate(() => (window as any).modal.open({ view: 'Account' }));
    expect(await walletRow(p, 'google')).toBe('Google');
  });

  it('GitHub (the OAuth 2 form) with the same verified address as an e-mail login reaches the same wallet', async () => {
    const name = unique('bob');
    const first = await newApp();
    await login(suite.eh, first, `${name}@w3kit.test`);
    const byEmail = await addresses(first);
    const p = await newApp();
    const popup = await openPopup(p, 'GitHub');
    await providerLogin(popup, name);
    await afterConnect(p, 30_000);
    await p.waitForFunction(() => (window as any).modal.getAccount('solana').isConnected === true, null, { timeout: 15_000 });
    expect(await addresses(p)).toEqual(byEmail);
    // The same account as the e-mail login, yet this session logged in with GitHub: the row says so.
    expect(await walletRow(p, 'github')).toBe('GitHub');
  });

  it("closing the popup says 'Popup closed' until the user acts, and 'Try again' logs in", async () => {
    const p = await newApp();
    const popup = await openPopup(p, 'Google');
    await popup.waitForLoadState();
    await popup.close();
    await expect.poll(() => modal(p).getByText('Popup closed').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await p.waitForTimeout(3000);
    expect(await modal(p).getByText('Popup closed').count()).toBeGreaterThan(0);
    const again = p.context().waitForEvent('page');
    await modal(p).getByRole('button', { name: 'Try again' }).click();
    await providerLogin(await again, unique('carol'));
    await afterConnect(p, 30_000);
  });

  it('a tampered state comes back refused and the wallet does not connect', async () => {
    const p = await newApp();
    // The authorization request's state changed on its way to the provider, which echoes it back
    // (routed on the context before the click, so the popup's first request cannot slip past).
    await p.context().route(
      (url) => url.pathname.endsWith('/google/auth') && url.searchParams.has('state'),
      (route) => {
        const url = new URL(route.request().url());
        url.searchParams.set('state', `${url.searchParams.get('state')}x`);
        return route.continue({ url: url.href });
      },
    );
    const popup = await openPopup(p, 'Google');
    await providerLogin(popup, unique('dave'));
    await popup.getByText('This login link is no longer valid').waitFor();
    await popup.close();
    await expect.poll(() => modal(p).getByText('Popup closed').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await p.evaluate(() => (window as any).modal.getAccount('eip155').isConnected)).toBe(false);
  });

  it('Farcaster: the sign-in link as a QR code and a link; approving as a test user on the sandbox page connects', async () => {
    const p = await newApp();
    await p.locator('w3-button').getByRole('button', { name: 'Connect Wallet' }).click();
    await modal(p).getByRole('button', { name: 'Farcaster', exact: true }).click();
    await waitView(p, 'ConnectingFarcaster');
    const link = modal(p).getByRole('link').filter({ hasText: /./ }).first();
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain('/auth/v1/farcaster/sandbox?channelToken=');
    const sandbox = await p.context().newPage();
    await sandbox.goto(href);
    await sandbox.getByRole('button', { name: 'Sign in as @alice' }).click();
    await afterConnect(p, 60_000);
    await expect.poll(() => modal(p).getByText(/alice/).count()).toBeGreaterThan(0);
  });
});
