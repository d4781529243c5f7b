import { expect } from 'chai';
import { deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-button>', () => {
  afterEach(() => resetAll());

  it('w3-ui-button renders a native button named by its label and honours disabled', async () => {
    const el = await mountFixture('<w3-ui-button>Continue</w3-ui-button>');
    const button = deep<HTMLButtonElement>(el, 'button')!;
    expect(button.type).to.equal('button');
    let clicks = 0;
    el.addEventListener('click', () => clicks++);
    button.click();
    expect(clicks).to.equal(1);
    el.toggleAttribute('disabled', true);
    await el.updateComplete;
    expect(button.disabled).to.equal(true);
  });
});

describe('<w3-ui-button pending>', () => {
  afterEach(() => resetAll());

  it("says 'Confirm in your wallet' or 'Signing…' while it waits on the wallet: busy, aria-disabled, focusable, clicks stopped", async () => {
    const el = await mountFixture('<w3-ui-button disabled>Send</w3-ui-button>');
    let clicks = 0;
    el.addEventListener('click', () => clicks++);
    el.setAttribute('pending', 'wallet');
    await el.updateComplete;
    const button = deep<HTMLButtonElement>(el, 'button')!;
    expect(button.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Confirm in your wallet');
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    // Still in the tab order, so a screen reader meets the wait where the focus is.
    expect(button.disabled).to.equal(false);
    button.focus();
    expect(el.shadowRoot!.activeElement).to.equal(button);
    button.click();
    expect(clicks).to.equal(0);

    el.setAttribute('pending', 'sign');
    await el.updateComplete;
    expect(button.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Signing…');

    el.removeAttribute('pending');
    el.removeAttribute('disabled');
    await el.updateComplete;
    expect(button.getAttribute('aria-busy')).to.equal(null);
    expect(button.getAttribute('aria-disabled')).to.equal(null);
    button.click();
    expect(clicks).to.equal(1);
  });
});
