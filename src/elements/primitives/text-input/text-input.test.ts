import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-text-input>', () => {
  afterEach(() => resetAll());

  it('w3-ui-text-input labels its input and fires w3-input and w3-submit', async () => {
    const el = await mountFixture('<w3-ui-text-input label="Email"></w3-ui-text-input>');
    const input = deep<HTMLInputElement>(el, 'input')!;
    const label = deep<HTMLLabelElement>(el, 'label')!;
    expect(label.htmlFor).to.equal(input.id);
    const events: string[] = [];
    el.addEventListener('w3-input', (e) => events.push(`input:${(e as CustomEvent).detail.value}`));
    el.addEventListener('w3-submit', (e) => events.push(`submit:${(e as CustomEvent).detail.value}`));
    input.focus();
    await sendKeys({ type: 'ab' });
    await sendKeys({ press: 'Enter' });
    expect(events).to.deep.equal(['input:a', 'input:ab', 'submit:ab']);
    el['error'] = 'Invalid input';
    await el.updateComplete;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(deep(el, '[role="alert"]')!.textContent).to.equal('Invalid input');
  });

  it('marks an invalid input, describes it by its message, and passes inputmode on', async () => {
    const el = await mountFixture('<w3-ui-text-input label="Amount" inputmode="decimal"></w3-ui-text-input>');
    const input = deep<HTMLInputElement>(el, 'input')!;
    expect(input.getAttribute('inputmode')).to.equal('decimal');
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    expect(input.hasAttribute('aria-describedby')).to.equal(false);
    el.style.setProperty('--w3i-error', 'rgb(200, 0, 0)');
    el['error'] = 'Enter an amount';
    await el.updateComplete;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    const message = el.shadowRoot!.getElementById(input.getAttribute('aria-describedby')!)!;
    expect(message.textContent).to.equal('Enter an amount');
    expect(getComputedStyle(input).borderTopColor).to.equal('rgb(200, 0, 0)');
    el['error'] = undefined;
    await el.updateComplete;
    expect(input.getAttribute('aria-invalid')).to.equal('false');
    expect(deep(el, '[role="alert"]')).to.equal(null);
  });
});
