/**
 * The locale store with the real lit-localize runtime and the generated locale modules; only
 * the loaders of 'it' (slow) and 'fr' (fails while `failFrench` is set) are wrapped, to stand
 * for a slow network and a chunk that does not load.
 */
import { msg } from '@lit/localize';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { configure } from '../../configure.js';
import { networks } from '../../wire/networks.js';
import { $locale, $localeDir, setLocale } from './locale.js';
import { resetOptions } from '../app/options.js';
import { $initialized } from '../views/public-state.js';

const control = vi.hoisted(() => ({ failFrench: false, italianDelay: 0 }));

vi.mock('../../locales/generated/loaders.js', async (original) => {
  const { loaders } = await original<typeof import('../../locales/generated/loaders.js')>();
  return {
    loaders: {
      ...loaders,
      fr: () => (control.failFrench ? Promise.reject(new Error('chunk fr failed to load')) : loaders.fr()),
      it: () => new Promise((r) => setTimeout(r, control.italianDelay)).then(() => loaders.it()),
    },
  };
});

let consoleWarn: MockInstance<typeof console.warn>;
/** What the store warned on the console (at the default log level: no logger setting needed). */
const warnings = async (): Promise<string[]> => consoleWarn.mock.calls.map((args) => String(args[0]));

beforeEach(async () => {
  consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // lit-localize's runtime announces its status on window.
  vi.stubGlobal('window', new EventTarget());
  control.failFrench = false;
  control.italianDelay = 0;
  await setLocale('en');
  consoleWarn.mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('setLocale', () => {
  it('loads a locale and makes msg() answer in it', async () => {
    await expect(setLocale('de')).resolves.toBe('de');
    expect($locale.get()).toBe('de');
    expect(msg('Connect Wallet')).toBe('Wallet verbinden');
    await setLocale('ja-JP');
    expect($locale.get()).toBe('ja');
    expect(msg('Connect Wallet')).toBe('ウォレットを接続');
    await setLocale('en');
    expect(msg('Connect Wallet')).toBe('Connect Wallet');
  });

  it('sets the direction: rtl for ar, he and fa', async () => {
    await setLocale('ar');
    expect($localeDir.get()).toBe('rtl');
    await setLocale('iw');
    expect($locale.get()).toBe('he');
    expect($localeDir.get()).toBe('rtl');
    await setLocale('fa');
    expect($localeDir.get()).toBe('rtl');
    await setLocale('de');
    expect($localeDir.get()).toBe('ltr');
  });

  it('a later call wins over an earlier one still loading', async () => {
    control.italianDelay = 80;
    const slow = setLocale('it');
    const fast = setLocale('de');
    await expect(fast).resolves.toBe('de');
    await slow;
    expect($locale.get()).toBe('de');
    expect(msg('Connect Wallet')).toBe('Wallet verbinden');
  });

  it('an unknown locale warns, does not throw, and falls back to the page', async () => {
    await setLocale('de');
    await expect(setLocale('klingon')).resolves.toBe('en');
    expect($locale.get()).toBe('en');
    expect(await warnings()).toEqual([expect.stringContaining('Unknown locale "klingon"')]);
  });

  it('a locale whose chunk fails to load warns and keeps the current one; a later try can succeed', async () => {
    await setLocale('de');
    control.failFrench = true;
    await expect(setLocale('fr')).resolves.toBe('de');
    expect($locale.get()).toBe('de');
    expect(msg('Connect Wallet')).toBe('Wallet verbinden');
    expect(await warnings()).toEqual([expect.stringContaining('Could not load the texts of locale "fr"')]);
    control.failFrench = false;
    await expect(setLocale('fr')).resolves.toBe('fr');
    expect(msg('Connect Wallet')).toBe('Connecter un portefeuille');
  });
});

describe('setLocale() without a locale', () => {
  it("takes the page's lang, then the browser's languages, then en", async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'pt-PT' } });
    vi.stubGlobal('navigator', { languages: ['ja-JP', 'ko'], language: 'ja-JP' });
    expect(await setLocale()).toBe('pt-BR');
    vi.stubGlobal('document', { documentElement: { lang: '' } });
    expect(await setLocale()).toBe('ja');
    vi.stubGlobal('navigator', { languages: ['nl-NL', 'zh-Hant-TW'], language: 'nl-NL' });
    expect(await setLocale()).toBe('zh-TW');
    vi.stubGlobal('navigator', { languages: ['nl-NL'], language: 'nl-NL' });
    expect(await setLocale()).toBe('en');
  });
});

describe('configure({ locale })', () => {
  beforeEach(() => {
    resetOptions();
    $initialized.set(false);
  });

  it('applies the locale option', async () => {
    configure({ networks: [networks.mainnet], locale: 'ko' });
    await vi.waitFor(() => expect($locale.get()).toBe('ko'));
  });

  it('an unknown locale option warns instead of throwing', async () => {
    expect(() => configure({ networks: [networks.mainnet], locale: 'xx-YY' })).not.toThrow();
    // The tag is matched in the lazy runtime chunk: the warning comes once it has loaded.
    await vi.waitFor(async () => expect(await warnings()).toEqual([expect.stringContaining('Unknown locale "xx-YY"')]));
    expect($locale.get()).toBe('en');
  });
});
