import { expect } from 'chai';
import { EmbeddedWalletError } from '../../../core/errors/frame.js';
import type { Passkey } from '../../../frame/messages.js';
import { setOptions } from '../../../stores/app/options.js';
import { destroyFrame, setBridgeLoader } from '../../../stores/embedded/frame.js';
import { $passkeyList, $passkeys } from '../../../stores/embedded/passkey-list.js';
import { $embeddedUser, $passkeyChanges } from '../../../stores/embedded/state.js';
import { setLocale } from '../../../stores/ui/locale.js';
import { EMBEDDED_USER, installFrameDouble } from '../../../test-utils/frame-double.js';
import { viewTitle } from '../../modal/view-titles.js';
import {
  axeViolations,
  baseOptions,
  deep,
  deepAll,
  mountFixture,
  mountModal,
  resetAll,
  waitFor,
} from '../../../../test/browser/helpers.js';
import { pseudoCheck } from '../../../../test/browser/pseudo-check-b.js';
import './passkeys-view.js';
import type { W3PasskeysView } from './passkeys-view.element.js';

const CHROME: Passkey = { id: 'cred-a', name: 'Chrome on Linux', createdAt: Date.UTC(2026, 0, 2, 12), lastUsedAt: null, prf: true };
const PHONE: Passkey = { id: 'cred-b', name: 'iPhone', createdAt: Date.UTC(2026, 1, 3, 12), lastUsedAt: null, prf: false };
const LAPTOP: Passkey = { id: 'cred-c', name: 'MacBook', createdAt: Date.UTC(2026, 2, 4, 12), lastUsedAt: null, prf: true };

type Actions = { loadPasskeys(): Promise<void>; addPasskey(): Promise<void>; removePasskey(id: string): Promise<void> };
type Watched = W3PasskeysView & { actions: Actions };

/** Mounts the view with its actions recorded (the list loads by itself while the view shows it). */
async function mount(): Promise<{ view: Watched; calls: string[] }> {
  const calls: string[] = [];
  const view = document.createElement('w3-passkeys-view') as Watched;
  view.actions = {
    loadPasskeys: async () => void calls.push('load'),
    addPasskey: async () => void calls.push('add'),
    removePasskey: async (id) => void calls.push(`remove ${id}`),
  };
  const host = await mountFixture('<div></div>');
  // The user's list: set here, after a test's frame, since the list store may still be mounted (computed stores unmount late).
  $embeddedUser.set(EMBEDDED_USER);
  host.append(view);
  await view.updateComplete;
  return { view, calls };
}

/** The list as the frame gave it (the store's data for the user), and an add or remove under way or failed. */
const setStore = async (view: Watched, { list = [], busy = false, error }: { list?: Passkey[]; busy?: boolean; error?: unknown }) => {
  $passkeyList.mutate(list);
  $passkeyChanges.set({ busy, error });
  await view.updateComplete;
};
/** A frame double that answers ListPasskeys with `list` (absent: never answers). */
function frameWith(list?: () => Promise<{ passkeys: Passkey[] }>): void {
  setOptions({ ...baseOptions(), projectId: 'w3kit-dev', secureSiteUrl: 'http://127.0.0.1:4303/' });
  installFrameDouble({ SyncDappData: () => ({}), SyncTheme: () => ({}), ...(list ? { ListPasskeys: list } : {}) });
}
const rows = (view: HTMLElement) => deepAll<HTMLElement>(view, 'li[data-passkey]');
const click = (view: HTMLElement, ...selectors: string[]) => deep<HTMLButtonElement>(view, ...selectors, 'button')!.click();

describe('Passkeys view', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    $embeddedUser.set(undefined);
    await setLocale('en');
    resetAll();
    destroyFrame();
    setBridgeLoader(undefined);
  });

  it("is titled 'Passkeys', loads the list while shown (the view starts nothing) and shows a spinner meanwhile", async () => {
    expect(viewTitle('Passkeys')).to.equal('Passkeys');
    let asked = 0;
    frameWith(() => {
      asked++;
      return new Promise<never>(() => undefined);
    });
    const { view, calls } = await mount();
    await waitFor(() => asked === 1, 2000, 'the list asked of the frame');
    expect(calls).to.deep.equal([]);
    expect($passkeys.get().status).to.equal('loading');
    expect(deep(view, 'w3-ui-spinner')).to.not.equal(null);
    expect(deep(view, '[data-add]')).to.equal(null);
  });

  it("lists each passkey with its date, the PRF note and a remove button named for it; 'Add a passkey' adds", async () => {
    const { view, calls } = await mount();
    await setStore(view, { list: [CHROME, PHONE] });
    expect(rows(view).map((r) => r.querySelector('.name')!.textContent)).to.deep.equal(['Chrome on Linux', 'iPhone']);
    expect(rows(view)[0]!.querySelector('[data-created]')!.textContent).to.equal('Added Jan 2, 2026');
    expect(rows(view)[0]!.querySelector('[data-prf]')!.textContent).to.equal('Protects your recovery key');
    expect(rows(view)[1]!.querySelector('[data-prf]')).to.equal(null);
    const names = rows(view).map((r) => deep(r.querySelector('[data-remove]')!, 'button')!.getAttribute('aria-label'));
    expect(names).to.deep.equal(['Remove Chrome on Linux', 'Remove iPhone']);
    expect(await axeViolations()).to.deep.equal([]);
    click(view, '[data-add]');
    // A non-PRF passkey is removed at once.
    click(rows(view)[1]!.querySelector('[data-remove]')!);
    expect(calls.filter((c) => c !== 'load')).to.deep.equal(['add', 'remove cred-b']);
  });

  it('the date follows the locale', async () => {
    await setLocale('de');
    const { view } = await mount();
    await setStore(view, { list: [CHROME] });
    expect(rows(view)[0]!.querySelector('[data-created]')!.textContent).to.contain('02.01.2026');
  });

  it('asks before removing the last passkey that protects the recovery key; Cancel keeps it', async () => {
    const { view, calls } = await mount();
    await setStore(view, { list: [CHROME, PHONE] });
    click(rows(view)[0]!.querySelector('[data-remove]')!);
    await view.updateComplete;
    const confirm = deep(view, '[data-confirm]')!;
    expect(confirm.querySelector('h3')!.textContent).to.equal('Remove Chrome on Linux?');
    expect(confirm.textContent).to.contain('the recovery key is protected by the server again');
    expect(calls).to.not.include('remove cred-a');
    expect(await axeViolations()).to.deep.equal([]);
    click(view, '[data-cancel]');
    await view.updateComplete;
    expect(deep(view, '[data-confirm]')).to.equal(null);
    expect(rows(view)).to.have.length(2);
    click(rows(view)[0]!.querySelector('[data-remove]')!);
    await view.updateComplete;
    click(view, '[data-confirm-remove]');
    await view.updateComplete;
    expect(calls.filter((c) => c.startsWith('remove'))).to.deep.equal(['remove cred-a']);
    expect(deep(view, '[data-confirm]')).to.equal(null);
  });

  it('removes a PRF passkey at once while another one still protects the recovery key', async () => {
    const { view, calls } = await mount();
    await setStore(view, { list: [CHROME, LAPTOP] });
    click(rows(view)[0]!.querySelector('[data-remove]')!);
    await view.updateComplete;
    expect(deep(view, '[data-confirm]')).to.equal(null);
    expect(calls).to.include('remove cred-a');
  });

  it('busy: the buttons wait; an add or remove failure shows as an alert over the list', async () => {
    const { view, calls } = await mount();
    await setStore(view, { list: [PHONE], busy: true });
    expect(deep<HTMLButtonElement>(view, '[data-add]', 'button')!.disabled).to.equal(true);
    expect(deep(view, '[data-add]')!.getAttribute('aria-busy')).to.equal('true');
    expect(deep<HTMLButtonElement>(rows(view)[0]!.querySelector('[data-remove]')!, 'button')!.disabled).to.equal(true);
    await setStore(view, { list: [PHONE], error: new EmbeddedWalletError('Passkey registration failed') });
    expect(deep(view, '[role="alert"][data-action-error]')!.textContent).to.equal('Passkey registration failed');
    expect(rows(view)).to.have.length(1);
    expect(calls.filter((c) => c !== 'load')).to.deep.equal([]);
  });

  it('empty: says so and offers to add one', async () => {
    const { view } = await mount();
    await setStore(view, { list: [] });
    expect(deep(view, '[data-empty]')!.textContent).to.contain('No passkeys yet');
    expect(deep(view, '[data-add]')!.textContent!.trim()).to.equal('Add a passkey');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('a failed load shows its error with Try again', async () => {
    frameWith(() => Promise.reject(new EmbeddedWalletError('Backend unavailable')));
    const { view, calls } = await mount();
    await waitFor(() => deep(view, '[role="alert"][data-load-error]')?.textContent, 2000, 'the load error');
    expect(deep(view, '[role="alert"][data-load-error]')!.textContent).to.equal('Backend unavailable');
    expect(await axeViolations()).to.deep.equal([]);
    click(view, '[data-retry]');
    expect(calls).to.deep.equal(['load']);
  });

  it('in the modal: loads through the store (no frame here: its error shows), then the list; axe on both', async () => {
    const el = await mountModal();
    $embeddedUser.set(EMBEDDED_USER);
    await el.modal.open({ view: 'Passkeys' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-passkeys-view'), 5000, 'the Passkeys view');
    await waitFor(() => $passkeys.get().status === 'error', 5000, 'the load failed');
    await waitFor(() => deep(view, '[data-load-error]')?.textContent, 2000, 'the load error');
    expect(await axeViolations()).to.deep.equal([]);
    $passkeyList.mutate([CHROME, PHONE]);
    await waitFor(() => rows(view).length === 2, 2000, 'the list');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('in the pseudo-locale every text is localized (names and dates are data)', async () => {
    // The modal sets up the locale runtime.
    await mountModal();
    const { view } = await mount();
    await setStore(view, { list: [CHROME, PHONE] });
    await setLocale('en-XA');
    await waitFor(() => view.shadowRoot!.textContent!.includes('⟦'), 3000, 'pseudo texts');
    const data = ['Chrome on Linux', 'iPhone', 'Jan 2, 2026', 'Feb 3, 2026'];
    const check = (what: string) => {
      const { leaks, localized } = pseudoCheck(view.shadowRoot!, data);
      expect(leaks, what).to.deep.equal([]);
      expect(localized, what).to.be.greaterThan(3);
    };
    check('list');
    click(rows(view)[0]!.querySelector('[data-remove]')!);
    await view.updateComplete;
    check('confirmation');
  });

  it('lays its rows out with the shared removable-list styles: a padded row, details beside the remove button, no empty error line', async () => {
    const { view } = await mount();
    await setStore(view, { list: [CHROME, PHONE] });
    const row = getComputedStyle(rows(view)[0]!);
    expect([row.display, row.alignItems, row.paddingTop, row.gap]).to.deep.equal(['flex', 'center', '10px', '12px']);
    expect(getComputedStyle(rows(view)[0]!.querySelector('.info')!).flexGrow).to.equal('1');
    expect(getComputedStyle(deep(view, '[data-action-error]')!).display).to.equal('none');
  });
});
