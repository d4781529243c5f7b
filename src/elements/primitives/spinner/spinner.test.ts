import { expect } from 'chai';
import { deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-spinner>', () => {
  afterEach(() => resetAll());

  it('w3-ui-spinner uses a status role named Loading', async () => {
    const spinner = await mountFixture('<w3-ui-spinner></w3-ui-spinner>');
    expect(deep(spinner, '[role="status"]')!.getAttribute('aria-label')).to.equal('Loading');
  });

  it('w3-ui-spinner with an empty label is decorative: no second live region inside a toast', async () => {
    const spinner = await mountFixture('<w3-ui-spinner label=""></w3-ui-spinner>');
    expect(deep(spinner, '[role="status"]')).to.equal(null);
    expect(deep(spinner, '[part="spinner"]')!.getAttribute('aria-hidden')).to.equal('true');
  });
});
