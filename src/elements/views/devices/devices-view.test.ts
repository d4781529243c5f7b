import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { EmbeddedWalletError } from '../../../core/errors/frame.js';
import type { AccountDevice } from '../../../frame/messages.js';
import { $deviceChanges, $deviceList } from '../../../stores/embedded/device-list.js';
import { destroyFrame, setBridgeLoader } from '../../../stores/embedded/frame.js';
import { $embeddedUser } from '../../../stores/embedded/state.js';
import { setLocale } from '../../../stores/ui/locale.js';
import { EMBEDDED_USER } from '../../../test-utils/frame-double.js';
import { viewTitle } from '../../modal/view-titles.js';
import { axeViolations, deep, deepAll, mountFixture, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { pseudoCheck } from '../../../../test/browser/pseudo-check-b.js';
import './devices-view.js';
import type { W3DevicesView } from './devices-view.element.js';

const THIS: AccountDevice = {
  id: 'a'.repeat(32),
  name: 'Firefox on Linux',
  addedAt: Date.UTC(2026, 0, 2, 12),
  lastUsedAt: Date.UTC(2026, 2, 4, 9),
  current: true,
};
const PHONE: AccountDevice = {
  id: 'b'.repeat(32),
  addedAt: Date.UTC(2026, 1, 3, 12),
  lastUsedAt: Date.UTC(2026, 1, 3, 12),
  current: false,
};

type Actions = { loadDevices(): Promise<void>; removeDevice(id: string): Promise<void> };
type Watched = W3DevicesView & { actions: Actions };

async function mount(): Promise<{ view: Watched; calls: string[] }> {
  const calls: string[] = [];
  const view = document.createElement('w3-devices-view') as Watched;
  view.actions = {
    loadDevices: async () => void calls.push('load'),
    removeDevice: async (id) => void calls.push(`remove ${id}`),
  };
  const host = await mountFixture('<div></div>');
  $embeddedUser.set(EMBEDDED_USER);
  host.append(view);
  await view.updateComplete;
  return { view, calls };
}

const setStore = async (view: Watched, { list = [], busy = false, error }: { list?: AccountDevice[]; busy?: boolean; error?: unknown }) => {
  $deviceList.mutate(list);
  $deviceChanges.set({ busy, error });
  await view.updateComplete;
};
const rows = (view: HTMLElement) => deepAll<HTMLElement>(view, 'li[data-device]');
const click = (view: HTMLElement, ...selectors: string[]) => deep<HTMLButtonElement>(view, ...selectors, 'button')!.click();

describe('Devices view', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    $embeddedUser.set(undefined);
    await setLocale('en');
    resetAll();
    destroyFrame();
    setBridgeLoader(undefined);
  });

  it("is titled 'Devices' and lists each device with its name, approval and last use, 'This device' marked, a remove button named for it", async () => {
    expect(viewTitle('Devices')).to.equal('Devices');
    const { view, calls } = await mount();
    await setStore(view, { list: [THIS, PHONE] });
    expect(rows(view).map((r) => r.querySelector('.name')!.textContent)).to.deep.equal(['Firefox on Linux', 'Unknown device']);
    expect(rows(view)[0]!.querySelector('[data-this]')!.textContent).to.equal('This device');
    expect(rows(view)[1]!.querySelector('[data-this]')).to.equal(null);
    expect(rows(view)[0]!.querySelector('[data-added]')!.textContent).to.match(/^Approved Jan 2, 2026/);
    expect(rows(view)[0]!.querySelector('[data-used]')!.textContent).to.match(/^Last used Mar 4, 2026/);
    const names = rows(view).map((r) => deep(r.querySelector('[data-remove]')!, 'button')!.getAttribute('aria-label'));
    expect(names).to.deep.equal(['Remove Firefox on Linux', 'Remove Unknown device']);
    expect(await axeViolations()).to.deep.equal([]);
    expect(calls).to.deep.equal([]);
  });

  it('asks before removing; Cancel keeps it; the confirmation says what happens, for this device and another', async () => {
    const { view, calls } = await mount();
    await setStore(view, { list: [THIS, PHONE] });
    click(rows(view)[1]!.querySelector('[data-remove]')!);
    await view.updateComplete;
    let confirm = deep(view, '[data-confirm]')!;
    expect(confirm.querySelector('h3')!.textContent!.trim()).to.equal('Remove Unknown device?');
    expect(confirm.textContent).to.contain('needs a new approval by e-mail');
    expect(await axeViolations()).to.deep.equal([]);
    click(view, '[data-cancel]');
    await view.updateComplete;
    expect(deep(view, '[data-confirm]')).to.equal(null);
    expect(calls).to.deep.equal([]);
    click(rows(view)[0]!.querySelector('[data-remove]')!);
    await view.updateComplete;
    confirm = deep(view, '[data-confirm]')!;
    expect(confirm.textContent).to.contain('removing it logs you out here');
    click(view, '[data-confirm-remove]');
    await view.updateComplete;
    expect(calls).to.deep.equal([`remove ${THIS.id}`]);
    expect(deep(view, '[data-confirm]')).to.equal(null);
  });

  it('works by keyboard alone: Enter on Remove asks, Tab reaches Cancel and Enter keeps the device, then Remove device removes', async () => {
    const { view, calls } = await mount();
    await setStore(view, { list: [PHONE] });
    deep<HTMLButtonElement>(rows(view)[0]!.querySelector('[data-remove]')!, 'button')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deep(view, '[data-confirm]'), 2000, 'the confirmation');
    deep<HTMLButtonElement>(view, '[data-cancel]', 'button')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deep(view, '[data-confirm]') === null, 2000, 'back to the list');
    expect(calls).to.deep.equal([]);
    deep<HTMLButtonElement>(rows(view)[0]!.querySelector('[data-remove]')!, 'button')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => deep(view, '[data-confirm-remove]'), 2000, 'the confirmation');
    deep<HTMLButtonElement>(view, '[data-cancel]', 'button')!.focus();
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => calls.length === 1, 2000, 'the removal');
    expect(calls).to.deep.equal([`remove ${PHONE.id}`]);
  });

  it('busy: Remove waits; a failed removal shows as an alert over the list', async () => {
    const { view, calls } = await mount();
    await setStore(view, { list: [PHONE], busy: true });
    expect(deep<HTMLButtonElement>(rows(view)[0]!.querySelector('[data-remove]')!, 'button')!.disabled).to.equal(true);
    await setStore(view, { list: [PHONE], error: new EmbeddedWalletError('Backend unavailable') });
    expect(deep(view, '[role="alert"][data-action-error]')!.textContent).to.equal('Backend unavailable');
    expect(calls).to.deep.equal([]);
  });

  it('empty: says so', async () => {
    const { view } = await mount();
    await setStore(view, { list: [] });
    expect(deep(view, '[data-empty]')!.textContent).to.contain('No device was approved by e-mail');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('in the pseudo-locale every text is localized (names and dates are data)', async () => {
    await mountModal();
    const { view } = await mount();
    await setStore(view, { list: [THIS, PHONE] });
    await setLocale('en-XA');
    await waitFor(() => view.shadowRoot!.textContent!.includes('⟦'), 3000, 'pseudo texts');
    const check = (what: string) => {
      const { leaks, localized } = pseudoCheck(view.shadowRoot!, ['Firefox on Linux']);
      expect(leaks, what).to.deep.equal([]);
      expect(localized, what).to.be.greaterThan(3);
    };
    check('list');
    click(rows(view)[0]!.querySelector('[data-remove]')!);
    await view.updateComplete;
    check('confirmation');
  });
});
