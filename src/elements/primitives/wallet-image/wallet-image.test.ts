import { expect } from 'chai';
import { isSafeImageUrl } from './wallet-image.element.js';
import { resetAll } from '../../../../test/browser/helpers.js';

describe('<w3-ui-wallet-image>', () => {
  afterEach(() => resetAll());

  it('accepts only data:image, https and loopback http wallet images', () => {
    expect(isSafeImageUrl('data:image/png;base64,AAAA')).to.equal(true);
    expect(isSafeImageUrl('https://example.com/a.png')).to.equal(true);
    expect(isSafeImageUrl('http://127.0.0.1:4301/getWalletImage/metamask')).to.equal(true);
    expect(isSafeImageUrl('http://localhost/a.svg')).to.equal(true);
    expect(isSafeImageUrl('http://example.com/a.png')).to.equal(false);
    expect(isSafeImageUrl('http://127.0.0.1.evil.com/a.png')).to.equal(false);
    expect(isSafeImageUrl('javascript:alert(1)')).to.equal(false);
    expect(isSafeImageUrl('data:text/html,<b>')).to.equal(false);
    expect(isSafeImageUrl(undefined)).to.equal(false);
  });
});
