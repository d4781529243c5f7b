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
});
