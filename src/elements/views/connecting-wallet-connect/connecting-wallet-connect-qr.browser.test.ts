import { expect } from 'chai';
import { setViewport } from '@web/test-runner-commands';
import { encode } from 'uqr';
import { pushView } from '../../../stores/ui/router.js';
import { $walletList } from '../../../stores/registry/wallet-list.js';
import { $wcPairing } from '../../../stores/walletconnect/state.js';
import { cancelWalletConnectPairing } from '../../../stores/walletconnect/pairing.js';
import { apiOptions, deep, mountModal, resetAll, sleep, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** Our backend's relay (port + 1), so WalletConnect counts as configured. */
const relayUrl = (): string => {
  const api = new URL((window as unknown as { __W3_API_URL__: string }).__W3_API_URL__);
  return `ws://127.0.0.1:${Number(api.port) + 1}`;
};
const URI = `wc:${'7f'.repeat(32)}@2?relay-protocol=irn&symKey=${'58'.repeat(32)}&expiryTimestamp=1732000000`;

/** The QR view with a pairing URI (the test plays sign-client's part, as connecting-wallet-connect-view.test.ts does). */
async function openQr(el: W3Modal, data?: Record<string, unknown>): Promise<HTMLElement> {
  await el.modal.open({ view: 'Connect' });
  pushView('ConnectingWalletConnect', { title: 'WalletConnect', ...data });
  const view = await waitFor(() => deep<HTMLElement>(el, 'w3-connecting-wallet-connect-view'), 3000, 'QR view');
  cancelWalletConnectPairing();
  $wcPairing.set({ status: 'ready', uri: URI, expiresAt: Date.now() + 60_000 });
  await waitFor(() => deep(view, 'w3-qr-code', 'svg path'), 3000, 'the code drawn');
  await sleep(300);
  return view;
}

/** Draws the rendered code on a canvas, 8 px a module, and reads each module's centre back: dark or light. */
async function readModules(svg: SVGSVGElement, size: number): Promise<boolean[][]> {
  const scale = 8;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(size * scale));
  copy.setAttribute('height', String(size * scale));
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(copy.outerHTML)}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size * scale;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return Array.from({ length: size }, (_, y) =>
    Array.from({ length: size }, (_, x) => data[((y * scale + scale / 2) * canvas.width + x * scale + scale / 2) * 4]! < 128),
  );
}

describe('ConnectingWalletConnect: the QR code', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    resetAll();
    await setViewport({ width: 1000, height: 800 });
  });

  for (const width of [1280, 375]) {
    it(`at ${width} px the code is at least 280 px, our mark in its centre, and reads back as the URI's code (level H) but for the cleared centre`, async () => {
      await setViewport({ width, height: 900 });
      const el = await mountModal({ ...apiOptions(), relayUrl: relayUrl() });
      const view = await openQr(el);
      const svg = deep<SVGSVGElement>(view, 'w3-qr-code', 'svg')!;
      const box = svg.getBoundingClientRect();
      expect(box.width).to.be.at.least(280);
      expect(box.height).to.be.at.least(280);
      expect(box.right).to.be.at.most(width);
      // Our mark (WalletConnect's) without a chosen wallet, centred on the code.
      const logo = deep<HTMLElement>(view, '.qr-logo')!.getBoundingClientRect();
      expect(deep(view, '.qr-logo svg')).to.not.equal(null);
      expect(Math.abs(logo.left + logo.width / 2 - (box.left + box.width / 2))).to.be.below(1);
      expect(Math.abs(logo.top + logo.height / 2 - (box.top + box.height / 2))).to.be.below(1);

      const expected = encode(URI, { ecc: 'H', border: 0 });
      const read = await readModules(svg, expected.size);
      // The logo's box covers only the cleared centre (in modules), which error correction H recovers:
      // the finders, timing and format information read back intact (in the centre only data and the
      // central alignment pattern, which decoders do not need: they sample from the finders and the
      // bottom-right alignment pattern), and the cleared modules are a small share (under 8 %) of the
      // code, well within level H's 30 %.
      const module = box.width / expected.size;
      const wrong: [number, number][] = [];
      expected.data.forEach((row, y) => row.forEach((dark, x) => dark !== read[y]![x] && wrong.push([x, y])));
      const cx = (logo.left + logo.width / 2 - box.left) / module;
      const half = logo.width / 2 / module + 1;
      for (const [x, y] of wrong) {
        expect(Math.abs(x + 0.5 - cx), `module ${x},${y} outside the centre`).to.be.at.most(half);
        expect(Math.abs(y + 0.5 - cx), `module ${x},${y} outside the centre`).to.be.at.most(half);
        expect(expected.types[y]![x], `module ${x},${y} is a finder, timing or format module`).to.be.oneOf([0, 4]);
      }
      expect(wrong.length).to.be.greaterThan(0);
      expect(wrong.length / (expected.size * expected.size)).to.be.below(0.08);
    });
  }

  it("shows the chosen wallet's image in the centre at 375 and 1280 px, our mark for a wallet without one", async () => {
    for (const width of [375, 1280]) {
      resetAll();
      await setViewport({ width, height: 900 });
      const el = await mountModal({ ...apiOptions(), relayUrl: relayUrl(), featuredWalletIds: ['metamask'] });
      await el.modal.open({ view: 'Connect' });
      const metamask = await waitFor(() => $walletList.get().featured.find((w) => w.id === 'metamask'), 8000, 'MetaMask');
      expect(metamask.imageUrl).to.be.a('string');
      let view = await openQr(el, { wallet: metamask });
      const image = deep<HTMLElement & { imageSrc?: string }>(view, '.qr-logo w3-ui-wallet-image')!;
      expect(image.imageSrc).to.equal(metamask.imageUrl);
      expect(deep<SVGSVGElement>(view, 'w3-qr-code', 'svg')!.getBoundingClientRect().width).to.be.at.least(280);
      resetAll();
      const el2 = await mountModal({ ...apiOptions(), relayUrl: relayUrl() });
      view = await openQr(el2, { wallet: { ...metamask, imageUrl: undefined } });
      expect(deep(view, '.qr-logo w3-ui-wallet-image')).to.equal(null);
      expect(deep(view, '.qr-logo svg')).to.not.equal(null);
    }
  });
});
