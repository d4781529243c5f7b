import { expect } from 'chai';
import { deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-icon-button>', () => {
  afterEach(() => resetAll());

  it('w3-ui-icon-button has its label as accessible name', async () => {
    const el = await mountFixture('<w3-ui-icon-button icon="close" label="Close"></w3-ui-icon-button>');
    expect(deep(el, 'button')!.getAttribute('aria-label')).to.equal('Close');
    expect(deep(el, 'svg')!.getAttribute('aria-hidden')).to.equal('true');
  });
});
