import { expect } from 'chai';
import { mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';
import { loadModalShell } from './shell-loader.js';

describe('the modal shell', () => {
  beforeEach(resetAll);
  afterEach(resetAll);

  it('is made as soon as its chunk has loaded, before any open, so a click finds it ready', async () => {
    const modal = await mountModal();
    expect(modal.open).to.equal(false);
    await loadModalShell();
    // Closed, yet the shell renders its toast container and has adopted the dialog's styles.
    await waitFor(() => modal.shadowRoot!.querySelector('.toast'), 2000, 'the shell, made while closed');
    expect(modal.shadowRoot!.querySelector('[role="dialog"]')).to.equal(null);
    expect(modal.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(1);
  });
});
