/** The primitives' own texts (default labels) in the pseudo-locale en-XA. */
import { expect } from 'chai';
import { expectPseudoLocalized, usePseudoLocale } from '../../../test/browser/pseudo-check.js';
import { setLocale } from '../../stores/ui/locale.js';
import { deep, mountFixture, resetAll } from '../../../test/browser/helpers.js';
import { defineUiTabs } from './tabs/tabs.js';

describe('primitives in the pseudo-locale', () => {
  // The tabs are defined by the Account view, not by definePrimitives().
  before(() => defineUiTabs());
  beforeEach(() => resetAll());
  afterEach(async () => {
    await setLocale('en');
    resetAll();
  });

  it('the spinner, the QR code (and its loading spinner) and the tabs name themselves in the active locale', async () => {
    const spinner = await mountFixture('<w3-ui-spinner></w3-ui-spinner>');
    const qr = await mountFixture('<w3-qr-code></w3-qr-code>');
    const tabs = await mountFixture('<w3-ui-tabs></w3-ui-tabs>');
    for (const el of [spinner, qr, tabs]) await usePseudoLocale(el);
    expect(deep(spinner, '[role="status"]')!.getAttribute('aria-label')).to.equal('⟦Lóádíñg⟧');
    expect(deep(tabs, '[role="tablist"]')!.getAttribute('aria-label')).to.equal('⟦Tábš⟧');
    for (const el of [spinner, qr, tabs]) expectPseudoLocalized(el);
    await setLocale('en');
    await spinner.updateComplete;
    expect(deep(spinner, '[role="status"]')!.getAttribute('aria-label')).to.equal('Loading');
  });

  it('a label given by the page stays as given', async () => {
    const spinner = await mountFixture('<w3-ui-spinner label="Bitte warten"></w3-ui-spinner>');
    await usePseudoLocale(spinner);
    expect(deep(spinner, '[role="status"]')!.getAttribute('aria-label')).to.equal('Bitte warten');
  });
});
