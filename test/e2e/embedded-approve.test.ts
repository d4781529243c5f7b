/**
 * Approvals nobody can trick (issue 32, part 3), end to end with the real frame site, backend,
 * SMTP sink, Hardhat and Chromium: a real click on the frame's 'Approve' under a transparent
 * overlay, while the modal animates or just moved, and with the frame partly clipped signs
 * nothing, and the frame says why; a normal approval (the screen still for 500 ms) still signs.
 * Export shows the keys only after a second confirmation, and hides them again after 60 s (the
 * browser's clock, fast-forwarded).
 */
import { Keypair } from '@solana/web3.js';
import bs58 from 'bs58';
import type { Page } from 'playwright-core';
import { verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf } from '../../scripts/lib/mail.mjs';
import { safetyTexts } from '../../src/frame/site/safety-texts.js';
import { startRequest } from './embedded-probe.js';
import {
  approveInFrame,
  clickInFrame,
  frameButton,
  frameSettled,
  login,
  newEmail,
  nextMail,
  openApp,
  startEmbedded,
  waitView,
  type EmbeddedHarness,
} from './embedded-harness.js';

const EN = safetyTexts('en');
let eh: EmbeddedHarness;
let p: Page;
let evm: Hex;
const email = newEmail('approve');

beforeAll(async () => {
  eh = await startEmbedded();
  const context = await eh.h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  // The browser's clock runs as usual until the export test moves it on.
  await context.clock.install();
  p = await openApp(eh, context);
  // Bounded: an Approve that never enables fails with Playwright's words, not the test's timeout.
  p.setDefaultTimeout(30_000);
  await login(eh, p, email);
  evm = await p.evaluate(() => (window as any).modal.getAccount('eip155').address);
}, 240_000);
afterAll(async () => {
  await eh?.stop();
});

const frame = () => p.frameLocator('w3-modal iframe');
const holdText = async () => ((await frame().locator('.hold').textContent()) ?? '').trim();

/** A real mouse click where the frame's 'Approve' is now (no waiting for it to be enabled). */
async function clickApproveWhereItIs(): Promise<void> {
  const box = await frameButton(p, 'Approve').boundingBox();
  if (!box) throw new Error('no Approve button');
  await p.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Whether `outcome` settles within `ms`. */
const settlesWithin = (outcome: () => Promise<unknown>, ms: number) =>
  Promise.race([outcome().then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

/** Shows a signature request and waits until the frame is settled over the modal and Approve is enabled. */
async function signRequest(message: string) {
  const outcome = await startRequest(p, `modal.signMessage('${message}', { namespace: 'eip155' })`);
  await waitView(p, 'ApproveTransaction');
  await frameSettled(p);
  await expect.poll(() => frameButton(p, 'Approve').isEnabled(), { timeout: 10_000 }).toBe(true);
  return outcome;
}

/** After a refused attempt, the normal approval still signs, and the signature verifies. */
async function approveNormally(outcome: () => Promise<{ ok: boolean; value: string }>, message: string): Promise<void> {
  const { ok, value } = await approveInFrame(p, outcome);
  expect(ok, value).toBe(true);
  expect(await verifyMessage({ address: evm, message, signature: value as Hex })).toBe(true);
}

describe('embedded wallet: approvals nobody can trick', { timeout: 120_000 }, () => {
  it('a click through a transparent overlay over the frame signs nothing; removed, a normal approval signs', async () => {
    const outcome = await signRequest('overlay');
    await p.evaluate(() => {
      const overlay = document.createElement('div');
      overlay.id = 'overlay';
      overlay.style.cssText = 'position: fixed; inset: 0; z-index: 2147483647; background: transparent; pointer-events: none;';
      document.body.append(overlay);
    });
    await expect.poll(holdText, { timeout: 5_000 }).toBe(EN.covered);
    await clickApproveWhereItIs();
    expect(await settlesWithin(outcome, 1_500)).toBe(false);
    await p.evaluate(() => document.getElementById('overlay')!.remove());
    await approveNormally(outcome, 'overlay');
  });

  it('a click while the modal animates, or within 500 ms of its move, signs nothing; once still, a normal approval signs', async () => {
    const outcome = await signRequest('moving');
    const dialog = "document.querySelector('w3-modal').shadowRoot.querySelector('.dialog')";
    await p.evaluate(
      `window.__slide = ${dialog}.animate([{ translate: '0 0' }, { translate: '0 24px' }], { duration: 3000, fill: 'forwards' })`,
    );
    await expect.poll(holdText, { timeout: 5_000 }).toBe(EN.moving);
    await clickApproveWhereItIs();
    // No animation now, but the modal jumps 2 px every 150 ms: it always moved in the last 500 ms.
    await p.evaluate(`window.__slide.finished.then(() => {
      ${dialog}.style.translate = '0 24px';
      window.__slide.cancel();
      let down = false;
      window.__jumps = setInterval(() => { down = !down; ${dialog}.style.translate = down ? '0 26px' : '0 24px'; }, 150);
    })`);
    await p.waitForTimeout(400);
    expect(await holdText()).toBe(EN.moving);
    await clickApproveWhereItIs();
    expect(await settlesWithin(outcome, 1_000)).toBe(false);
    await p.evaluate(`clearInterval(window.__jumps); ${dialog}.style.translate = ''`);
    await approveNormally(outcome, 'moving');
  });

  it('a click on a partly clipped frame signs nothing (the request is cut off, the button shows); unclipped, it signs', async () => {
    const outcome = await signRequest('clipped');
    // A page hides what is asked and leaves the buttons: the frame's top half cut away.
    await p.evaluate(() => {
      const container = document.querySelector('w3-modal')!.shadowRoot!.querySelector<HTMLElement>('#w3-embedded-frame')!;
      container.style.clipPath = 'inset(50% 0 0 0)';
    });
    await expect.poll(holdText, { timeout: 5_000 }).toBe(EN.clipped);
    await clickApproveWhereItIs();
    expect(await settlesWithin(outcome, 1_500)).toBe(false);
    await p.evaluate(() => {
      document.querySelector('w3-modal')!.shadowRoot!.querySelector<HTMLElement>('#w3-embedded-frame')!.style.clipPath = '';
    });
    await approveNormally(outcome, 'clipped');
  });

  it('export shows the keys only after a second confirmation, and hides them again after 60 s', async () => {
    await p.evaluate(() => (window as any).modal.open({ view: 'Account' }));
    const since = Date.now() - 1000;
    await p.locator('w3-modal').getByRole('button', { name: 'Export key' }).click();
    await waitView(p, 'ApproveTransaction');
    await clickInFrame(p, 'Send code');
    const code = codeOf(await nextMail(eh, email, since, true));
    await frame().getByRole('textbox', { name: 'Code' }).fill(code);
    await clickInFrame(p, 'Reveal');
    // The code was right; the keys are not on the screen until the user confirms again.
    await frame().getByText(EN.exportConfirm).waitFor();
    expect(await frame().locator('code').count()).toBe(0);
    await clickInFrame(p, EN.showKeys);
    const secrets = frame().locator('code');
    await secrets.first().waitFor();
    const [evmKey, solKey] = (await secrets.allTextContents()).map((s) => s.trim());
    expect(privateKeyToAccount(evmKey as Hex).address).toBe(evm);
    const sol = await p.evaluate(() => (window as any).modal.getAccount('solana').address);
    expect(Keypair.fromSecretKey(bs58.decode(solKey!)).publicKey.toBase58()).toBe(sol);
    await p.clock.fastForward(59_000);
    expect(await frame().locator('code').count()).toBe(2);
    await p.clock.fastForward(1_500);
    await expect.poll(() => frame().locator('code').count()).toBe(0);
    expect(await frame().locator('body').textContent()).not.toContain(evmKey!.slice(2));
    await frame().getByText(EN.keysHidden).waitFor();
    await clickInFrame(p, 'Done');
    await p.waitForFunction(() => document.querySelector('w3-modal')?.getAttribute('view') !== 'ApproveTransaction', null, {
      timeout: 10_000,
    });
  });
});
