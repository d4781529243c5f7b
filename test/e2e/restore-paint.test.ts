/**
 * A reload while connected, on the built CDN bundle with the real test wallet and Hardhat: every
 * frame <w3-button> paints is sampled from the first one (an init script runs before the page's
 * scripts, test/consumers/harness/reload-frames.mjs). No frame shows 'Connect Wallet' or an empty
 * button; the first rendered frame is the restoring account, and the box does not change until
 * the account is restored (the balance figure arriving afterwards may widen it, as on any
 * connection). The same check runs on the Next.js consumer app.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noFlashProblems, readButtonFrames, sampleButtonFrames } from '../consumers/harness/reload-frames.mjs';
import { type AppSession, closeApp, type Harness, openApp, startHarness } from './harness.js';
import { connect } from './page.js';

let h: Harness;
let app: AppSession | undefined;

beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});
afterEach(async () => {
  await closeApp(app);
  app = undefined;
});

describe('a reload while connected', () => {
  it('paints the restoring account from the first frame of <w3-button>, at one size, never Connect Wallet', async () => {
    app = await openApp(h);
    const { page } = app;
    await connect(page);
    await page.keyboard.press('Escape');
    await sampleButtonFrames(app.context);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.querySelector('w3-modal')!.modal.getAccount().status)).toBe('connected');
    await expect
      .poll(async () => (await readButtonFrames(page)).filter((f) => f.state === 'account').length, { timeout: 10_000 })
      .toBeGreaterThan(3);
    const frames = await readButtonFrames(page);
    expect(noFlashProblems(frames)).toBeUndefined();
  });
});
