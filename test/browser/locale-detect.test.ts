/**
 * setLocale in a browser: English tags need no locale runtime (src/core/locale-tags.ts), every
 * other tag is matched in the lazy runtime (src/core/locales.ts) with the same results as before.
 */
import { expect } from 'chai';
import { $locale, $localeDir, setLocale } from '../../src/stores/ui/locale.js';

function setLanguages(languages: string[] | undefined): void {
  if (languages) Object.defineProperty(navigator, 'languages', { configurable: true, get: () => languages });
  else delete (navigator as unknown as Record<string, unknown>)['languages'];
}

describe('setLocale', () => {
  afterEach(async () => {
    setLanguages(undefined);
    document.documentElement.lang = '';
    await setLocale('en');
  });

  it('takes an English tag as en and matches other tags in the lazy runtime', async () => {
    expect(await setLocale('en-GB')).to.equal('en');
    expect(await setLocale('de-AT')).to.equal('de');
    expect($locale.get()).to.equal('de');
    expect(await setLocale('zh-Hant-HK')).to.equal('zh-TW');
    expect(await setLocale('ar')).to.equal('ar');
    expect($localeDir.get()).to.equal('rtl');
    expect(await setLocale('EN_us')).to.equal('en');
    expect($localeDir.get()).to.equal('ltr');
  });

  it("follows the page's lang, then the browser's languages: the first one we speak, else en", async () => {
    setLanguages(['xx', 'pt-PT', 'en']);
    expect(await setLocale()).to.equal('pt-BR');
    setLanguages(['en-AU', 'de']);
    expect(await setLocale()).to.equal('en');
    document.documentElement.lang = 'ja';
    expect(await setLocale()).to.equal('ja');
    document.documentElement.lang = '';
    setLanguages(['xx']);
    expect(await setLocale()).to.equal('en');
  });

  it('falls back to the page locale on an unknown tag, without throwing', async () => {
    setLanguages(['fr-CA']);
    expect(await setLocale('xx-YY')).to.equal('fr');
    expect(await setLocale('en-XA')).to.equal('en-XA');
  });
});
