import { expect } from 'chai';
import { deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-network-icon>', () => {
  afterEach(() => resetAll());

  it('w3-ui-network-icon falls back to a badge', async () => {
    const icon = await mountFixture('<w3-ui-network-icon caip-network-id="eip155:1" name="Ethereum"></w3-ui-network-icon>');
    expect(deep(icon, 'text')!.textContent!.trim()).to.equal('E');
  });
});
