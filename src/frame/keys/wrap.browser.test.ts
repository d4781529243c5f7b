/** The passkey wrapping of the recovery share in Chromium's WebCrypto: the key stays inside it. */
import { expect } from 'chai';
import { splitSecret } from './shamir.js';
import { prfWrappingKey, unwrapShare, wrapShare } from './wrap.js';

describe('passkey share wrapping (Chromium WebCrypto)', () => {
  it('derives a non-extractable AES-GCM-256 key that script can use but not read', async () => {
    const key = await prfWrappingKey(crypto.getRandomValues(new Uint8Array(32)));
    expect(key.extractable).to.equal(false);
    expect(key.algorithm).to.deep.equal({ name: 'AES-GCM', length: 256 });
    expect(key.usages.sort()).to.deep.equal(['decrypt', 'encrypt']);
    let refused = false;
    await crypto.subtle.exportKey('raw', key).catch(() => (refused = true));
    expect(refused).to.equal(true);
  });

  it('round-trips the recovery share and refuses another PRF output', async () => {
    const prf = crypto.getRandomValues(new Uint8Array(32));
    const recovery = splitSecret(crypto.getRandomValues(new Uint8Array(32)))[2];
    const wrapped = await wrapShare(prf, recovery);
    expect(await unwrapShare(prf, wrapped)).to.deep.equal(recovery);
    let message = '';
    await unwrapShare(crypto.getRandomValues(new Uint8Array(32)), wrapped).catch((error: Error) => (message = error.message));
    expect(message).to.equal('The passkey could not unlock the recovery share');
  });
});
