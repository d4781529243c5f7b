/**
 * Using the embedded wallet end to end (issue 15): sign on eip155 and solana and verify both;
 * send ETH and SOL after approving in the frame; a page's own clicks never approve; export
 * shows keys whose addresses match; and the page receives no key material in any message.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Page } from 'playwright-core';
import { createPublicClient, http, verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../scripts/lib/mail.mjs';
import { recordMessages, rpc, startRequest } from './embedded-probe.js';
import {
  approveInFrame,
  clickInFrame,
  login,
  newEmail,
  nextMail,
  openApp,
  startEmbedded,
  waitView,
  type EmbeddedHarness,
} from './embedded-harness.js';

let eh: EmbeddedHarness;
let p: Page;
let evm: Hex;
let sol: string;
const email = newEmail('wallet');

const start = (expression: string) => startRequest(p, expression);

beforeAll(async () => {
  eh = await startEmbedded();
  // Tall enough that the export screen's Done button shows without scrolling the modal.
  const context = await eh.h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.addInitScript(recordMessages);
  p = await openApp(eh, context);
  await login(eh, p, email);
  ({ evm, sol } = await p.evaluate(() => ({
    evm: (window as any).modal.getAccount('eip155').address,
    sol: (window as any).modal.getAccount('solana').address,
  })));
  await rpc(eh.h.chainA.url, 'hardhat_setBalance', [evm, '0xDE0B6B3A7640000']); // 1 ETH
  await rpc(eh.svm.url, 'requestAirdrop', [sol, 2 * LAMPORTS_PER_SOL]);
}, 240_000);
afterAll(async () => {
  await eh?.stop();
});

describe('embedded wallet: signing, sending, export', { timeout: 120_000 }, () => {
  it('signs a message on eip155 after approval in the frame; the signature verifies', async () => {
    const outcome = await start("modal.signMessage('hello embedded', { namespace: 'eip155' })");
    const { ok, value } = await approveInFrame(p, outcome);
    expect(ok).toBe(true);
    expect(await verifyMessage({ address: evm, message: 'hello embedded', signature: value as Hex })).toBe(true);
  });

  it('signs a message on solana after approval; the ed25519 signature verifies', async () => {
    const outcome = await start("modal.signMessage('hello solana', { namespace: 'solana' })");
    const { ok, value } = await approveInFrame(p, outcome);
    expect(ok).toBe(true);
    expect(ed25519.verify(bs58.decode(value), new TextEncoder().encode('hello solana'), new PublicKey(sol).toBytes())).toBe(true);
  });

  it('never signs on the page’s own clicks: only the frame’s Approve does; Reject refuses with 4001', async () => {
    const outcome = await start("modal.signMessage('do not sign', { namespace: 'eip155' })");
    await waitView(p, 'ApproveTransaction');
    await p.evaluate(() => {
      const iframe = document.querySelector('w3-modal')!.shadowRoot!.querySelector('iframe')!;
      for (const type of ['pointerdown', 'mousedown', 'mouseup', 'click']) iframe.dispatchEvent(new MouseEvent(type, { bubbles: true }));
      iframe.focus();
      iframe.contentWindow?.postMessage({ kind: 'request', id: 'x', type: 'RpcAbort', payload: {} }, '*');
    });
    await p.keyboard.press('Enter').catch(() => undefined);
    const settled = await Promise.race([outcome().then(() => true), new Promise((r) => setTimeout(() => r(false), 2000))]);
    expect(settled).toBe(false);
    await clickInFrame(p, 'Reject');
    const { ok, value } = await outcome();
    expect(ok).toBe(false);
    expect(value).toMatch(/4001/);
  });

  it('sends ETH after approval: the transaction lands on the chain', async () => {
    const to = privateKeyToAccount(`0x${'22'.repeat(32)}`).address;
    const outcome = await start(`modal.sendTransaction({ to: '${to}', value: '10000000000000000' }, { namespace: 'eip155' })`);
    const { ok, value } = await approveInFrame(p, outcome);
    expect(ok, value).toBe(true);
    const client = createPublicClient({ transport: http(eh.h.chainA.url) });
    const receipt = await client.waitForTransactionReceipt({ hash: value as Hex });
    expect(receipt.status).toBe('success');
    expect(await client.getBalance({ address: to })).toBe(10_000_000_000_000_000n);
  });

  it('sends SOL after approval: the recipient gets the lamports', async () => {
    const to = Keypair.generate().publicKey.toBase58();
    await p.evaluate(() =>
      (window as any).modal.switchNetwork((window as any).modal.getAccount('solana').caipAddress.split(':').slice(0, 2).join(':')),
    );
    const outcome = await start(`modal.sendTransaction({ to: '${to}', value: '5000000' }, { namespace: 'solana' })`);
    const { ok, value } = await approveInFrame(p, outcome);
    expect(ok, value).toBe(true);
    await expect.poll(() => new Connection(eh.svm.url, 'confirmed').getBalance(new PublicKey(to)), { timeout: 20_000 }).toBe(5_000_000);
  });

  it('exports both keys inside the frame after a fresh code; they match the addresses; the page never received them', async () => {
    await p.evaluate(() => (window as any).modal.open({ view: 'Account' }));
    const since = Date.now() - 1000;
    await p.locator('w3-modal').getByRole('button', { name: 'Export key' }).click();
    await waitView(p, 'ApproveTransaction');
    await clickInFrame(p, 'Send code');
    const code = codeOf(await nextMail(eh, email, since, true));
    const frame = p.frameLocator('w3-modal iframe');
    await frame.getByRole('textbox', { name: 'Code' }).fill(code);
    await clickInFrame(p, 'Reveal');
    // The second confirmation (embedded-approve.test.ts tests it).
    await clickInFrame(p, 'Show keys');
    const secrets = frame.locator('code');
    await secrets.first().waitFor();
    const [evmKey, solKey] = (await secrets.allTextContents()).map((s) => s.trim());
    expect(privateKeyToAccount(evmKey as Hex).address).toBe(evm);
    expect(Keypair.fromSecretKey(bs58.decode(solKey!)).publicKey.toBase58()).toBe(sol);

    const received = (await p.evaluate(() => (window as any).__received as string[])).join('\n').toLowerCase();
    expect(received.length).toBeGreaterThan(0);
    expect(received).not.toContain(evmKey!.slice(2).toLowerCase());
    expect(received).not.toContain(solKey!.toLowerCase());
    expect(received).not.toContain(Buffer.from(evmKey!.slice(2), 'hex').toString('base64url').toLowerCase());
    // By keyboard, as a keyboard user would (the frame may still be settling its new height under load).
    await frame.getByRole('button', { name: 'Done' }).focus();
    await p.keyboard.press('Enter');
    await expect.poll(() => frame.locator('code').count()).toBe(0);
  });
});
