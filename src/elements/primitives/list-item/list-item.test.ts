import { expect } from 'chai';
import { deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-list-item>', () => {
  afterEach(() => resetAll());

  it('w3-ui-list-item shows a tag and marks the selected item', async () => {
    const el = await mountFixture('<w3-ui-list-item tag="Installed" selected>MetaMask</w3-ui-list-item>');
    expect(deep(el, '.tag')!.textContent).to.equal('Installed');
    expect(deep(el, 'button')!.getAttribute('aria-current')).to.equal('true');
  });
});
