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
