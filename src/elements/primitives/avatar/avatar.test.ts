import { expect } from 'chai';
import { avatarGradient } from './avatar.element.js';
import { deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-avatar>', () => {
  afterEach(() => resetAll());

  it('w3-ui-avatar derives a stable gradient from the address and ignores unsafe images', async () => {
    expect(avatarGradient('0xabc')).to.equal(avatarGradient('0xABC'));
    expect(avatarGradient('0xabc')).to.not.equal(avatarGradient('0xabd'));
    const el = await mountFixture(
      '<w3-ui-avatar address="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" image-src="javascript:alert(1)"></w3-ui-avatar>',
    );
    expect(deep<HTMLElement>(el, 'div')!.style.backgroundImage).to.contain('radial-gradient');
  });
});
