/**
 * The frame speaks the visitor's language and wears the page's theme (issue 32, part 2), end to
 * end with the real frame site on its own origin, the backend, the SMTP sink and Chromium: the
 * modal's locale switch reaches a shown export screen (German, then Arabic right to left), a
 * theme variable set on the modal colours the frame's primary button exactly as the modal's
 * own, dark mode gives the frame the modal's card colour, and a malformed code gets the
 * product's own sentence on the field, not the browser's validation bubble.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeTexts } from '../../src/frame/site/l10n/code-texts.js';
import {
  clickInFrame,
  frameSettled,
  login,
  modal,
  newEmail,
  openApp,
  startEmbedded,
  waitView,
  type EmbeddedHarness,
} from './embedded-harness.js';

/** Screenshots of the code screen (375 and 1280 px, light and dark, English and Arabic). */
const SHOTS = process.env.W3_SHOTS ?? '/tmp/shots-frame-fit';

let eh: EmbeddedHarness;
let p: Page;

beforeAll(async () => {
  eh = await startEmbedded();
  const context = await eh.h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  p = await openApp(eh, context);
  p.setDefaultTimeout(30_000);
  await login(eh, p, newEmail('look'));
}, 240_000);
afterAll(async () => {
  await eh?.stop();
});

const frame = () => p.frameLocator('w3-modal iframe');
const heading = () => frame().locator('h1').textContent();
/** The frame page's `lang` and `dir`. */
const frameLang = () =>
  frame()
    .locator('html')
    .evaluate((html: HTMLElement) => [html.lang, html.dir]);
/** A computed style property of the first element matching `selector` in the frame. */
const frameStyle = (selector: string, property: string) =>
  frame()
    .locator(selector)
    .first()
    .evaluate((node, name) => getComputedStyle(node).getPropertyValue(name), property);
/** What `value` (CSS using the modal's tokens) computes to as `property` inside the modal's shadow root. */
const modalComputes = (property: string, value: string) =>
  p.evaluate(
    ({ property, value }) => {
      const root = document.querySelector('w3-modal')!.shadowRoot!;
      const probe = document.createElement('div');
      probe.style.setProperty(property, value);
      root.append(probe);
      const computed = getComputedStyle(probe).getPropertyValue(property);
      probe.remove();
      return computed;
    },
    { property, value },
  );

describe('embedded wallet: the frame in the page language and theme', { timeout: 180_000 }, () => {
  it('export follows the locale while shown, the theme colours the frame like the modal, a malformed code gets our sentence', async () => {
    await p.evaluate(() => (window as any).modal.open({ view: 'Account' }));
    await modal(p).getByRole('button', { name: 'Export key' }).click();
    await waitView(p, 'ApproveTransaction');
    await expect.poll(heading, { timeout: 20_000 }).toBe('Export your keys');
    expect(await frameLang()).toEqual(['en', 'ltr']);

    // A malformed code: our sentence, tied to the field; no browser validation.
    await clickInFrame(p, 'Send code');
    const input = frame().getByRole('textbox', { name: 'Code' });
    await input.fill('12');
    await clickInFrame(p, 'Reveal');
    const alert = frame().getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Enter the 6-digit code from the e-mail');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.getAttribute('aria-describedby')).toBe(await alert.getAttribute('id'));
    expect(await input.evaluate((el: HTMLInputElement) => [el.validity.valid, el.form?.noValidate])).toEqual([true, true]);

    // The modal switches language: the shown screen follows.
    await p.evaluate(() => (window as any).modal.setLocale('de'));
    await expect.poll(heading).toBe('Schlüssel exportieren');
    expect(await alert.textContent()).toBe(codeTexts('de').codeInvalid);
    expect(await frameLang()).toEqual(['de', 'ltr']);
    await p.evaluate(() => (window as any).modal.setLocale('ar'));
    await expect.poll(heading).toBe('تصدير مفاتيحك');
    expect(await frameLang()).toEqual(['ar', 'rtl']);
    expect(await frameStyle('h1', 'direction')).toBe('rtl');

    // The theme: the modal's accent is the frame's primary button's colour.
    await p.evaluate(() => (window as any).modal.setThemeVariables({ '--w3-accent': 'rgb(200, 30, 90)' }));
    await expect.poll(() => frameStyle('button.primary', 'background-color')).toBe('rgb(200, 30, 90)');
    expect(await modalComputes('background-color', 'var(--w3i-accent)')).toBe('rgb(200, 30, 90)');
    expect(await frameStyle('button.primary', 'color')).toBe(await modalComputes('color', 'var(--w3i-accent-fg)'));
    // Dark: the frame's screen is the modal's card, in the modal's colours, with no border of its own.
    await p.evaluate(() => (window as any).modal.setThemeMode('dark'));
    const darkBg = await modalComputes('background-color', 'var(--w3i-bg)');
    await expect.poll(() => frameStyle('section', 'background-color')).toBe(darkBg);
    expect(await frameStyle('section', 'color')).toBe(await modalComputes('color', 'var(--w3i-fg)'));
    expect(await frameStyle('section', 'border-top-width')).toBe('0px');
    expect(await frameStyle('button.primary', 'background-color')).toBe('rgb(200, 30, 90)');
    expect(await frameStyle('section', 'font-family')).toBe(await modalComputes('font-family', 'var(--w3i-font-family)'));
  });

  // Continues on the code screen the test above left shown (a new code would wait out the mail cooldown).
  it("the code screen fits: the room is the frame's own height (no empty space under it), Cancel in the row at 375 px", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const input = frame().locator('input.code');
    await input.fill(''); // clears the malformed code's sentence: the screen as it first shows
    const seen: { shot: string; room: number; content: number; rows?: number[] }[] = [];
    for (const locale of ['en', 'ar']) {
      await p.evaluate((l) => (window as any).modal.setLocale(l), locale);
      await expect.poll(heading).toBe(locale === 'en' ? 'Export your keys' : 'تصدير مفاتيحك');
      for (const mode of ['light', 'dark']) {
        await p.evaluate((m) => (window as any).modal.setThemeMode(m), mode);
        for (const width of [375, 1280]) {
          await p.setViewportSize({ width, height: width === 375 ? 812 : 1000 });
          await frameSettled(p);
          await p.waitForTimeout(300);
          const shot = `code-${width}-${mode}-${locale}`;
          await p.screenshot({ path: `${SHOTS}/${shot}.png` });
          const room = (await p.locator('w3-modal iframe').boundingBox())!.height;
          const content = await frame()
            .locator('#w3kit-frame')
            .evaluate((main) => main.scrollHeight);
          // The tops of the field, 'Reveal' and 'Cancel': one row.
          const rows =
            width === 375
              ? await frame()
                  .locator('.export-body')
                  .evaluate((body) =>
                    ['input.code', 'button.primary', ':scope > button.secondary'].map((s) =>
                      Math.round(body.querySelector(s)!.getBoundingClientRect().top),
                    ),
                  )
              : undefined;
          seen.push({ shot, room: Math.round(room), content, ...(rows ? { rows } : {}) });
        }
      }
    }
    for (const { shot, room, content, rows } of seen) {
      expect(Math.abs(room - content), `${shot}: room ${room} px for ${content} px of screen`).toBeLessThanOrEqual(1);
      if (rows) expect(new Set(rows).size, `${shot}: field, Reveal and Cancel at ${rows.join(', ')}`).toBe(1);
    }
    await p.setViewportSize({ width: 1280, height: 1000 });
  });
});
