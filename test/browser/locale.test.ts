/** Choosing the locale in Chromium: the page's lang, the browser's languages, the attribute, live switching, RTL. */
import { expect } from 'chai';
import { defineElements } from '../../src/elements/index.js';
import { $modal } from '../../src/stores/ui/modal.js';
import { $locale, setLocale } from '../../src/stores/ui/locale.js';
import type { W3Modal } from '../../src/elements/modal/modal.element.js';
import { deep, mountModal, resetAll, waitFor } from './helpers.js';

const title = (el: W3Modal): string => el.shadowRoot!.querySelector('h2')?.textContent?.trim() ?? '';

describe('locale', () => {
  const pageLang = document.documentElement.lang;
  beforeEach(() => resetAll());
  afterEach(async () => {
    document.documentElement.lang = pageLang;
    resetAll();
    await setLocale('en');
  });

  it("defaults to the page's lang, then the browser's languages, then en", async () => {
    document.documentElement.lang = 'de-AT';
    expect(await setLocale()).to.equal('de');
    document.documentElement.lang = '';
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages')!;
    try {
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['nl-NL', 'ko-KR'] });
      expect(await setLocale()).to.equal('ko');
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['nl-NL'] });
      expect(await setLocale()).to.equal('en');
    } finally {
      delete (navigator as unknown as Record<string, unknown>).languages;
      Object.defineProperty(Navigator.prototype, 'languages', languages);
    }
  });

  it('<w3-modal locale="de"> sets the locale and the host lang', async () => {
    defineElements();
    document.body.innerHTML = '<w3-modal networks="eip155:31337" locale="de"></w3-modal>';
    const el = document.querySelector('w3-modal')!;
    await waitFor(() => $locale.get() === 'de', 3000, 'de');
    await el.updateComplete;
    expect(el.lang).to.equal('de');
    el.setAttribute('locale', 'pt-PT');
    await waitFor(() => $locale.get() === 'pt-BR', 3000, 'pt-BR');
  });

  it('setLocale() switches live without closing the open modal; ar sets dir=rtl on the host', async () => {
    const el = await mountModal();
    await el.modal.open({ view: 'Connect' });
    await waitFor(() => deep(el, 'w3-connect-view'), 3000, 'Connect');
    expect(title(el)).to.equal('Connect Wallet');
    expect(await el.modal.setLocale('ar')).to.equal('ar');
    await el.updateComplete;
    expect($modal.get().open).to.equal(true);
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(el.lang).to.equal('ar');
    expect(await el.modal.setLocale('en-XA')).to.equal('en-XA');
    await el.updateComplete;
    expect($modal.get().open).to.equal(true);
    expect(el.getAttribute('dir')).to.equal('ltr');
    await waitFor(() => /^⟦.*⟧$/.test(title(el)), 2000, `a pseudo-localized title, not "${title(el)}"`);
  });

  it('an unknown locale falls back with a warning, not an error', async () => {
    const el = await mountModal();
    await el.modal.setLocale('de');
    const warned: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warned.push(String(args[0]));
    try {
      expect(await el.modal.setLocale('tlh-Klingon')).to.equal('en');
    } finally {
      console.warn = warn;
    }
    expect($locale.get()).to.equal('en');
    expect(warned).to.have.length(1);
    expect(warned[0]).to.contain('Unknown locale "tlh-Klingon"');
  });
});
