import { expect } from 'chai';
import { deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-spinner>', () => {
  afterEach(() => resetAll());

  it('w3-ui-spinner uses a status role named Loading', async () => {
    const spinner = await mountFixture('<w3-ui-spinner></w3-ui-spinner>');
    expect(deep(spinner, '[role="status"]')!.getAttribute('aria-label')).to.equal('Loading');
  });
});
