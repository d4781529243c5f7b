import { expect } from 'chai';
import { deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-toast>', () => {
  afterEach(() => resetAll());

  it('w3-ui-toast uses a status role; error toasts use alert', async () => {
    const toast = await mountFixture('<w3-ui-toast message="Saved" variant="success" open></w3-ui-toast>');
    expect(deep(toast, '[role="status"]')!.textContent).to.contain('Saved');
    toast['variant'] = 'error';
    await toast.updateComplete;
    expect(deep(toast, '[role="alert"]')).to.not.equal(null);
  });

  it('w3-ui-toast carries a link to a new tab, or an action button that fires w3-toast-action', async () => {
    const href = `https://etherscan.io/tx/0x${'ab'.repeat(32)}`;
    const toast = await mountFixture(
      `<w3-ui-toast message="Transaction sent" variant="loading" open action-label="View on Etherscan" href="${href}"></w3-ui-toast>`,
    );
    const link = deep<HTMLAnchorElement>(toast, 'a')!;
    expect(link.textContent).to.equal('View on Etherscan');
    expect(link.getAttribute('href')).to.equal(href);
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.equal('noopener noreferrer');
    expect(getComputedStyle(link).pointerEvents).to.equal('auto');
    // Read as two phrases, not 'Transaction sentView on Etherscan'.
    expect(deep(toast, '[role="status"]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Transaction sent View on Etherscan');

    toast['href'] = 'javascript:alert(1)';
    await toast.updateComplete;
    expect(deep(toast, 'a')).to.equal(null);
    toast['href'] = undefined;
    toast['actionLabel'] = 'Copy hash';
    await toast.updateComplete;
    let fired = 0;
    toast.addEventListener('w3-toast-action', () => fired++);
    deep<HTMLButtonElement>(toast, 'button')!.click();
    expect(fired).to.equal(1);

    // A closed toast keeps its action out of reach.
    toast['open'] = false;
    await toast.updateComplete;
    expect(deep(toast, '[part="toast"]')!.hasAttribute('inert')).to.equal(true);
  });
});
