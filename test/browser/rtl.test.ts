/**
 * Right-to-left layout (issue 13): in ar the modal lays out mirrored (logical properties), icons
 * that point face the other way, and addresses and amounts stay left to right inside.
 */
import { expect } from 'chai';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { showAlert } from '../../src/stores/ui/alerts.js';
import { $locale, setLocale } from '../../src/stores/ui/locale.js';
import { pushView } from '../../src/stores/ui/router.js';
import { $modal } from '../../src/stores/ui/modal.js';
import type { W3Modal } from '../../src/elements/modal/modal.element.js';
import type { W3ModalOptions } from '../../src/core/options.js';
import { ADDRESS, apiOptions, connectAccount, deep, deepAll, dialogOf, mountModal, resetAll, waitFor } from './helpers.js';

const MIRRORED = 'matrix(-1, 0, 0, 1, 0, 0)';
const transformOf = (el: Element | null): string => getComputedStyle(el!).transform;
const rectOf = (el: Element | null): DOMRect => el!.getBoundingClientRect();

/** Mounts the modal in `locale` (the option; it loads lazily) and waits until the host has its dir. */
async function mountIn(locale: string, options: Partial<W3ModalOptions> = {}): Promise<W3Modal> {
  const el = await mountModal({ ...options, locale });
  await waitFor(() => $locale.get() === locale, 3000, `locale ${locale}`);
  await el.updateComplete;
  return el;
}

/** Connected, Account then Networks (so the header has a back button). */
async function openNetworks(locale: string): Promise<W3Modal> {
  const el = await mountIn(locale);
  connectAccount();
  await el.modal.open({ view: 'Account' });
  pushView('Networks');
  await waitFor(() => $modal.get().shownView === 'Networks', 3000, 'Networks shown');
  await el.updateComplete;
  return el;
}

describe('right-to-left layout', () => {
  beforeEach(async () => {
    resetAll();
    await emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
    await setViewport({ width: 1000, height: 800 });
  });
  afterEach(async () => {
    await setLocale('en');
    resetAll();
  });

  it('in ar the dialog is rtl, the back button sits at the inline start and its arrow is mirrored', async () => {
    const el = await openNetworks('ar');
    const dialog = dialogOf(el)!;
    expect(el.getAttribute('dir')).to.equal('rtl');
    expect(getComputedStyle(dialog).direction).to.equal('rtl');
    const box = rectOf(dialog);
    const back = deep(el, 'header w3-ui-icon-button[icon="back"]');
    const close = deep(el, 'header w3-ui-icon-button[icon="close"]');
    expect(box.right - rectOf(back).right).to.be.within(0, 20);
    expect(rectOf(close).left - box.left).to.be.within(0, 20);
    expect(transformOf(deep(back!, 'svg'))).to.equal(MIRRORED);
    expect(transformOf(deep(close!, 'svg'))).to.equal('none');
  });

  it('in en nothing is mirrored: the back button is at the left, its arrow as drawn', async () => {
    const el = await openNetworks('en');
    const box = rectOf(dialogOf(el));
    const back = deep(el, 'header w3-ui-icon-button[icon="back"]');
    expect(rectOf(back).left - box.left).to.be.within(0, 20);
    expect(transformOf(deep(back!, 'svg'))).to.equal('none');
  });

  it('in ar the Account view mirrors its chevrons and padding, and keeps the address and balance left to right', async () => {
    const el = await mountIn('ar');
    connectAccount();
    await el.modal.open({ view: 'Account' });
    const view = await waitFor(() => deep(el, 'w3-account-view'), 3000, 'Account view');
    await waitFor(() => deep(view, '[data-name]'), 3000, 'address');
    expect(getComputedStyle(deep(view, '[data-name]')!).direction).to.equal('ltr');
    expect(getComputedStyle(deep(view, '[data-balance]')!).direction).to.equal('ltr');
    const item = deep(view, 'w3-ui-list-item[chevron]')!;
    expect(transformOf(deep(item, '.chevron svg'))).to.equal(MIRRORED);
    const row = getComputedStyle(deep(item, 'button')!);
    expect([row.paddingRight, row.paddingLeft]).to.deep.equal(['8px', '12px']);
  });

  it('in ar the Receive view keeps the address left to right inside', async () => {
    const el = await mountIn('ar');
    connectAccount();
    await el.modal.open({ view: 'WalletReceive' });
    const view = await waitFor(() => deep(el, 'w3-wallet-receive-view'), 3000, 'Receive view');
    const address = await waitFor(() => deep(view, '[data-address]'), 3000, 'address');
    expect(address.textContent!.replace(/\s+/g, '')).to.equal(ADDRESS);
    expect(getComputedStyle(address).direction).to.equal('ltr');
    expect(getComputedStyle(view).direction).to.equal('rtl');
  });

  it('in ar the All Wallets grid starts at the right: its first tile is right of its second', async () => {
    const el = await mountIn('ar', apiOptions());
    await el.modal.open({ view: 'AllWallets' });
    const view = await waitFor(() => deep(el, 'w3-all-wallets-view'), 3000, 'All Wallets view');
    const tiles = await waitFor(
      () => {
        const all = deepAll(view, '.grid [role="listitem"]');
        return all.length >= 2 && all;
      },
      5000,
      'tiles',
    );
    const [first, second] = tiles.map((t) => rectOf(t.firstElementChild));
    expect(first!.left).to.be.greaterThan(second!.left);
    expect(Math.abs(first!.top - second!.top)).to.be.below(1);
    expect(rectOf(deep(view, '.grid')).right - first!.right).to.be.within(0, 4);
  });

  it("in ar the alert's accent border is on the right (the inline start)", async () => {
    const el = await mountIn('ar');
    showAlert('SERVER_ERROR');
    await el.updateComplete;
    const alert = await waitFor(() => deep(el, '.alert'), 3000, 'alert');
    const style = getComputedStyle(alert);
    expect([style.borderRightWidth, style.borderLeftWidth]).to.deep.equal(['4px', '1px']);
    const box = rectOf(alert);
    expect(Math.abs(box.left + box.width / 2 - window.innerWidth / 2)).to.be.below(1);
  });
});
