import { expect } from 'chai';
import { deep, mountFixture, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { defineQrCode } from './qr-code.js';

describe('<w3-qr-code>', () => {
  // Defined by the views that show it (WalletConnect, Receive), not by definePrimitives().
  before(() => defineQrCode());
  afterEach(() => resetAll());

  it('w3-qr-code reflects the uri and names itself', async () => {
    const qr = await mountFixture('<w3-qr-code></w3-qr-code>');
    qr['uri'] = 'wc:abc@2?relay-protocol=irn&symKey=00';
    await qr.updateComplete;
    expect(qr.getAttribute('uri')).to.equal('wc:abc@2?relay-protocol=irn&symKey=00');
    expect(deep(qr, '[role="img"]')!.getAttribute('aria-label')).to.equal('QR code');
    // The link as text for screen readers, outside the image (whose content is presentational).
    expect(deep(qr, '[data-link]')!.textContent).to.equal('Link: wc:abc@2?relay-protocol=irn&symKey=00');
    expect(deep(qr, '[role="img"] [data-link]')).to.equal(null);
  });

  it('w3-qr-code draws the URI with the QR library, leaves the centre clear for the logo, and follows a new URI', async () => {
    const qr = await mountFixture('<w3-qr-code><span slot="logo">logo</span></w3-qr-code>');
    expect(deep(qr, '[role="img"]')!.getAttribute('aria-busy')).to.equal('true');
    expect(deep(qr, 'w3-ui-spinner')).to.not.equal(null);
    const uri =
      'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1732000000';
    qr['uri'] = uri;
    const path = await waitFor(() => deep<SVGPathElement>(qr, 'svg path'), 3000, 'qr path');
    const { qrMatrix } = await import('./qr-matrix.js');
    const { encode } = await import('uqr');
    const expected = qrMatrix(uri);
    const { size, data } = encode(uri, { ecc: 'H', border: 0 });
    expect(expected.size).to.equal(size);
    expect(deep(qr, 'svg')!.getAttribute('viewBox')).to.equal(`0 0 ${size} ${size}`);
    expect(path.getAttribute('d')).to.equal(expected.path);
    // every dark module outside the clear centre is drawn, none inside it
    const start = (size - expected.logoSize) / 2;
    let outside = 0;
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        const centre = x >= start && x < start + expected.logoSize && y >= start && y < start + expected.logoSize;
        if (dark && !centre) outside++;
      }),
    );
    expect(expected.modules).to.equal(outside);
    expect(expected.logoSize).to.be.greaterThan(size / 6);
    expect(deep(qr, '[role="img"]')!.getAttribute('aria-busy')).to.equal('false');
    qr['uri'] = 'wc:another@2?relay-protocol=irn&symKey=11';
    await waitFor(
      () => deep(qr, 'svg path')?.getAttribute('d') === qrMatrix('wc:another@2?relay-protocol=irn&symKey=11').path,
      3000,
      'new path',
    );
    qr['uri'] = '';
    await qr.updateComplete;
    expect(deep(qr, 'svg')).to.equal(null);
  });

  it('w3-qr-code draws the whole code when no logo is slotted, and clears the centre once one is', async () => {
    const qr = await mountFixture('<w3-qr-code></w3-qr-code>');
    const { qrMatrix } = await import('./qr-matrix.js');
    const uri = 'wc:abc@2?relay-protocol=irn&symKey=00';
    qr['uri'] = uri;
    await waitFor(() => deep(qr, 'svg path')?.getAttribute('d') === qrMatrix(uri, { logo: false }).path, 3000, 'full code');
    expect(qrMatrix(uri, { logo: false }).logoSize).to.equal(0);
    const logo = document.createElement('span');
    logo.slot = 'logo';
    logo.textContent = 'logo';
    qr.append(logo);
    await waitFor(() => deep(qr, 'svg path')?.getAttribute('d') === qrMatrix(uri).path, 3000, 'code with a clear centre');
  });
});
