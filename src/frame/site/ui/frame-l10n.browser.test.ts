/**
 * The frame's screens in the host's language and theme, in Chromium: a screen shown in English
 * says its texts again in German, then in Arabic right to left, when the locale changes; a
 * malformed code gets the product's own sentence (no browser bubble), tied to the field; the
 * theme's variables reach the buttons, and only the allowed ones with safe values.
 */
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { AuthApiError } from '../api-client.js';
import { createClickGuard } from '../guard/click-guard.js';
import { codeTexts } from '../l10n/code-texts.js';
import { passkeyTexts } from '../l10n/passkey-texts.js';
import { applyLocale } from '../l10n/pick.js';
import { safetyTexts } from '../safety-texts.js';
import { createExportScreen } from './export-screen.js';
import { createPasskeyScreen } from './passkey-screen.js';
import { createStorageScreen } from './storage-screen.js';
import { createSurface, relocalize } from './surface.js';
import { applyTheme } from './theme.js';
import { realClick } from '../test-utils/screen-clicks.js';

const tick = (ms = 30) => new Promise((resolve) => setTimeout(resolve, ms));

function setup() {
  const root = document.createElement('main');
  document.body.append(root);
  let locale: string | undefined = 'en';
  const switchTo = (next: string) => {
    locale = next;
    // What the frame does on SyncDappData (frame-app.ts's localeChanged).
    applyLocale(document.documentElement, next);
    relocalize(root);
  };
  return { root, surface: createSurface(root, () => undefined), locale: () => locale, switchTo };
}

const heading = (root: HTMLElement) => root.querySelector('h1')?.textContent;
const buttons = (root: HTMLElement) => [...root.querySelectorAll('button')].map((b) => b.textContent);
function exportScreen(s: ReturnType<typeof setup>, reveal: (otp: string) => Promise<never>) {
  const guard = createClickGuard({ texts: () => safetyTexts(s.locale()) });
  const screen = createExportScreen(s.surface, {
    guard,
    clock: { now: Date.now, sleep: () => new Promise(() => undefined) },
    texts: () => safetyTexts(s.locale()),
    locale: s.locale,
  });
  void screen.run({ sendCode: async () => undefined, reveal });
}

describe('frame screens in the host locale and theme', () => {
  before(() => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/src/frame/site/frame.css';
    document.head.append(link);
    return new Promise((resolve) => link.addEventListener('load', resolve));
  });
  afterEach(() => {
    document.body.replaceChildren();
    applyLocale(document.documentElement, 'en');
    applyTheme(document.documentElement, { themeMode: 'light' });
  });

  it('a shown export screen follows the locale: German, then Arabic right to left', async () => {
    const s = setup();
    exportScreen(s, async () => {
      throw new Error('unused');
    });
    expect(heading(s.root)).to.equal('Export your keys');
    s.switchTo('de');
    expect(heading(s.root)).to.equal('Schlüssel exportieren');
    expect(s.root.querySelector('section')!.getAttribute('aria-label')).to.equal('Schlüssel exportieren');
    expect(buttons(s.root)).to.deep.equal(['Code senden', 'Abbrechen']);
    expect(document.documentElement.lang).to.equal('de');
    expect(document.documentElement.dir).to.equal('ltr');
    s.switchTo('ar');
    expect(heading(s.root)).to.equal('تصدير مفاتيحك');
    expect(buttons(s.root)).to.deep.equal(['إرسال الرمز', 'إلغاء']);
    expect(document.documentElement.dir).to.equal('rtl');
    expect(getComputedStyle(s.root.querySelector('h1')!).direction).to.equal('rtl');
    // A locale the frame does not speak reads English, left to right.
    s.switchTo('xx');
    expect(heading(s.root)).to.equal('Export your keys');
    expect([document.documentElement.lang, document.documentElement.dir]).to.deep.equal(['en', 'ltr']);
  });

  it("the passkey and storage screens follow it too; a failed creation says our words, not the browser's", async () => {
    const s = setup();
    void createPasskeyScreen(s.surface, s.locale).run(() =>
      Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')),
    );
    s.switchTo('de');
    expect(heading(s.root)).to.equal('Passkey hinzufügen');
    expect(buttons(s.root)).to.deep.equal(['Abbrechen', 'Passkey erstellen']);
    await realClick(s.root.querySelectorAll('button')[1]!);
    await tick();
    const error = s.root.querySelector('[role="alert"]')!;
    expect(error.textContent).to.equal(passkeyTexts('de').passkeyNotCreated);
    s.switchTo('ar');
    expect(error.textContent).to.equal(passkeyTexts('ar').passkeyNotCreated);
    s.switchTo('he');
    void createStorageScreen(s.surface, s.locale).run({ request: async () => 'session', decline: () => undefined });
    expect(heading(s.root)).to.equal('להישאר מחוברים בדפדפן הזה');
    expect(document.documentElement.dir).to.equal('rtl');
  });

  it("a malformed code gets the product's sentence on the field, never the browser's bubble; a wrong one the words for CODE_WRONG", async () => {
    const s = setup();
    const tried: string[] = [];
    exportScreen(s, async (otp) => {
      tried.push(otp);
      throw new AuthApiError('Wrong code', 400, undefined, { code: 'CODE_WRONG', attemptsLeft: 4 });
    });
    await realClick([...s.root.querySelectorAll('button')].find((b) => b.textContent === 'Send code')!);
    await tick();
    const input = s.root.querySelector('input')!;
    const form = s.root.querySelector('form')!;
    expect(form.noValidate).to.equal(true);
    expect(input.pattern).to.equal('');
    expect(input.required).to.equal(false);
    input.focus();
    await sendKeys({ type: '12' });
    await sendKeys({ press: 'Enter' });
    await tick();
    const error = s.root.querySelector('[role="alert"]')!;
    expect(error.textContent).to.equal('Enter the 6-digit code from the e-mail');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(input.getAttribute('aria-describedby')).to.equal(error.id);
    expect(document.activeElement).to.equal(input);
    expect(tried).to.deep.equal([]);
    s.switchTo('ar');
    expect(error.textContent).to.equal(codeTexts('ar').codeInvalid);
    // Typing again clears the refusal.
    await sendKeys({ type: '3456' });
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    expect(error.textContent).to.equal('');
    await sendKeys({ press: 'Enter' });
    await tick();
    expect(tried).to.deep.equal(['123456']);
    expect(error.textContent).to.equal('رمز غير صالح');
    s.switchTo('de');
    expect(error.textContent).to.equal('Ungültiger Code');
  });

  it("the buttons wear the host's accent and palette; variables off the list or with unsafe values are dropped", async () => {
    const s = setup();
    exportScreen(s, async () => {
      throw new Error('unused');
    });
    const primary = s.root.querySelector('button.primary')!;
    // frame.css's default is the modal's own: #2b59c3 light, #8fb1ff dark.
    expect(getComputedStyle(primary).backgroundColor).to.equal('rgb(43, 89, 195)');
    applyTheme(document.documentElement, { themeMode: 'dark' });
    expect(getComputedStyle(primary).backgroundColor).to.equal('rgb(143, 177, 255)');
    applyTheme(document.documentElement, {
      themeMode: 'dark',
      themeVariables: {
        '--w3-accent': 'rgb(200, 30, 90)',
        '--w3-frame-bg': '#101010',
        '--w3-frame-accent-fg': '#fefefe',
        '--w3-border-radius-master': '2px',
      },
    });
    expect(getComputedStyle(primary).backgroundColor).to.equal('rgb(200, 30, 90)');
    expect(getComputedStyle(primary).color).to.equal('rgb(254, 254, 254)');
    expect(getComputedStyle(s.root.querySelector('section')!).backgroundColor).to.equal('rgb(16, 16, 16)');
    expect(getComputedStyle(s.root.querySelector('section')!).borderTopWidth).to.equal('0px');
    applyTheme(document.documentElement, {
      themeMode: 'light',
      themeVariables: {
        '--w3-accent': 'url(https://attacker.example/x)',
        '--w3-frame-bg': 'red; background: url(x)',
        '--w3-other': 'blue',
      },
    });
    const style = document.documentElement.style;
    expect([
      style.getPropertyValue('--w3-accent'),
      style.getPropertyValue('--w3-frame-bg'),
      style.getPropertyValue('--w3-other'),
    ]).to.deep.equal(['', '', '']);
    expect(getComputedStyle(primary).backgroundColor).to.equal('rgb(43, 89, 195)');
  });
});
