import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { definePrimitives } from './index.js';
import { avatarGradient } from './avatar.js';
import { isSafeImageUrl } from './wallet-image.js';
import { deep, resetAll, waitFor } from '../../../test/browser/helpers.js';

type LitLike = HTMLElement & { updateComplete: Promise<unknown> } & Record<string, unknown>;

async function make(html: string): Promise<LitLike> {
  definePrimitives();
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  const el = host.firstElementChild as LitLike;
  await el.updateComplete;
  return el;
}

describe('primitives', () => {
  afterEach(() => resetAll());

  it('w3-ui-button renders a native button named by its label and honours disabled', async () => {
    const el = await make('<w3-ui-button>Continue</w3-ui-button>');
    const button = deep<HTMLButtonElement>(el, 'button')!;
    expect(button.type).to.equal('button');
    let clicks = 0;
    el.addEventListener('click', () => clicks++);
    button.click();
    expect(clicks).to.equal(1);
    el.toggleAttribute('disabled', true);
    await el.updateComplete;
    expect(button.disabled).to.equal(true);
  });

  it('w3-ui-icon-button has its label as accessible name', async () => {
    const el = await make('<w3-ui-icon-button icon="close" label="Close"></w3-ui-icon-button>');
    expect(deep(el, 'button')!.getAttribute('aria-label')).to.equal('Close');
    expect(deep(el, 'svg')!.getAttribute('aria-hidden')).to.equal('true');
  });

  it('w3-ui-list-item shows a tag and marks the selected item', async () => {
    const el = await make('<w3-ui-list-item tag="Installed" selected>MetaMask</w3-ui-list-item>');
    expect(deep(el, '.tag')!.textContent).to.equal('Installed');
    expect(deep(el, 'button')!.getAttribute('aria-current')).to.equal('true');
  });

  it('w3-ui-text-input labels its input and fires w3-input and w3-submit', async () => {
    const el = await make('<w3-ui-text-input label="Email"></w3-ui-text-input>');
    const input = deep<HTMLInputElement>(el, 'input')!;
    const label = deep<HTMLLabelElement>(el, 'label')!;
    expect(label.htmlFor).to.equal(input.id);
    const events: string[] = [];
    el.addEventListener('w3-input', (e) => events.push(`input:${(e as CustomEvent).detail.value}`));
    el.addEventListener('w3-submit', (e) => events.push(`submit:${(e as CustomEvent).detail.value}`));
    input.focus();
    await sendKeys({ type: 'ab' });
    await sendKeys({ press: 'Enter' });
    expect(events).to.deep.equal(['input:a', 'input:ab', 'submit:ab']);
    el['error'] = 'Invalid input';
    await el.updateComplete;
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(deep(el, '[role="alert"]')!.textContent).to.equal('Invalid input');
  });

  it('w3-ui-avatar derives a stable gradient from the address and ignores unsafe images', async () => {
    expect(avatarGradient('0xabc')).to.equal(avatarGradient('0xABC'));
    expect(avatarGradient('0xabc')).to.not.equal(avatarGradient('0xabd'));
    const el = await make(
      '<w3-ui-avatar address="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266" image-src="javascript:alert(1)"></w3-ui-avatar>',
    );
    expect(deep<HTMLElement>(el, 'div')!.style.backgroundImage).to.contain('radial-gradient');
  });

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

  it('w3-ui-spinner and w3-ui-toast use status roles; error toasts use alert', async () => {
    const spinner = await make('<w3-ui-spinner></w3-ui-spinner>');
    expect(deep(spinner, '[role="status"]')!.getAttribute('aria-label')).to.equal('Loading');
    const toast = await make('<w3-ui-toast message="Saved" variant="success" open></w3-ui-toast>');
    expect(deep(toast, '[role="status"]')!.textContent).to.contain('Saved');
    toast['variant'] = 'error';
    await toast.updateComplete;
    expect(deep(toast, '[role="alert"]')).to.not.equal(null);
  });

  it('w3-ui-tabs selects with click and arrow keys and fires w3-tab-change', async () => {
    const el = await make('<w3-ui-tabs label="Account"></w3-ui-tabs>');
    el['tabs'] = [
      { value: 'tokens', label: 'Tokens' },
      { value: 'nfts', label: 'NFTs' },
      { value: 'activity', label: 'Activity' },
    ];
    el['value'] = 'tokens';
    await el.updateComplete;
    const changes: string[] = [];
    el.addEventListener('w3-tab-change', (e) => changes.push((e as CustomEvent).detail.value));
    const tabs = () => Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('[role="tab"]'));
    tabs()[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'End' });
    await sendKeys({ press: 'ArrowRight' });
    tabs()[1]!.click();
    await el.updateComplete;
    expect(changes).to.deep.equal(['nfts', 'activity', 'tokens', 'nfts']);
    expect(tabs()[1]!.getAttribute('aria-selected')).to.equal('true');
    expect(tabs()[1]!.tabIndex).to.equal(0);
    expect(tabs()[0]!.tabIndex).to.equal(-1);
  });

  it('w3-qr-code reflects the uri and names itself; w3-ui-network-icon falls back to a badge', async () => {
    const qr = await make('<w3-qr-code></w3-qr-code>');
    qr['uri'] = 'wc:abc@2?relay-protocol=irn&symKey=00';
    await qr.updateComplete;
    expect(qr.getAttribute('uri')).to.equal('wc:abc@2?relay-protocol=irn&symKey=00');
    expect(deep(qr, '[role="img"]')!.getAttribute('aria-label')).to.equal('QR code');
    const icon = await make('<w3-ui-network-icon caip-network-id="eip155:1" name="Ethereum"></w3-ui-network-icon>');
    expect(deep(icon, 'text')!.textContent!.trim()).to.equal('E');
  });

  it('w3-qr-code draws the URI with the QR library, leaves the centre clear for the logo, and follows a new URI', async () => {
    const qr = await make('<w3-qr-code><span slot="logo">logo</span></w3-qr-code>');
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

  it('defines each tag once even when define runs twice', () => {
    definePrimitives();
    definePrimitives();
    expect(customElements.get('w3-ui-button')).to.be.a('function');
  });
});
