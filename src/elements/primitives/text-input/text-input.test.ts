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
});
