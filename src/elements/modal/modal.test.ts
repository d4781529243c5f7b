import { expect } from 'chai';
import { ConnectionRejectedError } from '../../core/errors.js';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import { $modal, setCloseBlocked } from '../../stores/ui/modal.js';
import { $router, pushView } from '../../stores/ui/router.js';
import { setThemeMode, setThemeVariables } from '../../stores/ui/theme.js';
import { showError, showLoading } from '../../stores/ui/toast.js';
import { showAlert } from '../../stores/ui/alerts.js';
import { goBack } from '../../stores/connection/navigation.js';
import {
  activeDeep,
  axeViolations,
  connectAccount,
  deep,
  deepText,
  dialogOf,
  mountModal,
  nextFrame,
  resetAll,
  sleep,
  waitFor,
} from '../../../test/browser/helpers.js';

describe('<w3-modal>', () => {
  beforeEach(async () => {
    resetAll();
    await emulateMedia({ reducedMotion: 'no-preference', colorScheme: 'light' });
    await setViewport({ width: 1000, height: 800 });
  });
  afterEach(() => resetAll());

  it('opens with a named dialog and reflects open and view; close resets to Connect', async () => {
    const el = await mountModal();
    const opened = new Promise<CustomEvent>((r) => el.addEventListener('w3-open', (e) => r(e), { once: true }));
    await el.modal.open();
    await opened;
    expect(el.hasAttribute('open')).to.equal(true);
    expect(el.getAttribute('view')).to.equal('Connect');
    const dialog = dialogOf(el)!;
    expect(dialog.getAttribute('aria-modal')).to.equal('true');
    const title = el.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    expect(title.textContent).to.equal('Connect Wallet');
    expect(dialog.offsetWidth).to.equal(360);

    pushView('WhatIsAWallet');
    await el.updateComplete;
    expect(el.getAttribute('view')).to.equal('WhatIsAWallet');
    const closed = new Promise((r) => el.addEventListener('w3-close', r, { once: true }));
    el.modal.close();
    await closed;
    await el.updateComplete;
    expect(el.hasAttribute('open')).to.equal(false);
    expect(el.getAttribute('view')).to.equal('Connect');
    expect(dialogOf(el)).to.equal(null);
  });

  it('opens and closes when the open attribute is set and removed', async () => {
    const el = await mountModal();
    el.setAttribute('open', '');
    await waitFor(() => $modal.get().shownView === 'Connect', 3000, 'Connect shown');
    expect($modal.get().open).to.equal(true);
    el.removeAttribute('open');
    await el.updateComplete;
    expect($modal.get().open).to.equal(false);
  });

  it('open() with no view shows Account when connected, and rejects an unknown view', async () => {
    const el = await mountModal();
    connectAccount();
    await el.modal.open();
    expect(el.getAttribute('view')).to.equal('Account');
    let error: unknown;
    await el.modal.open({ view: 'Nope' as never }).catch((e: unknown) => (error = e));
    expect((error as Error).name).to.equal('UnknownViewError');
  });

  it('open() rejects with "Modal closed" when closed before the view shows', async () => {
    const el = await mountModal();
    const pending = el.modal.open({ view: 'Networks' });
    el.modal.close();
    let error: Error | undefined;
    await pending.catch((e: Error) => (error = e));
    expect(error?.message).to.equal('Modal closed');
  });

  it('shows a back button once history grows; back from the first view closes', async () => {
    const el = await mountModal();
    await el.modal.open();
    expect(deep(el, 'w3-ui-icon-button[label="Back"]')).to.equal(null);
    deep<HTMLElement>(el, 'w3-ui-icon-button[label="What is a wallet?"]', 'button')!.click();
    await waitFor(() => $modal.get().shownView === 'WhatIsAWallet', 3000, 'help view');
    deep<HTMLElement>(el, 'w3-ui-icon-button[label="Back"]', 'button')!.click();
    await waitFor(() => $modal.get().shownView === 'Connect', 3000, 'back to Connect');
    expect($router.get().history).to.deep.equal(['Connect']);
    goBack();
    expect($modal.get().open).to.equal(false);
  });

  it('going back to Connect with an active address shows Account', async () => {
    const el = await mountModal();
    await el.modal.open({ view: 'Connect' });
    pushView('Networks');
    connectAccount();
    goBack();
    await el.updateComplete;
    expect(el.getAttribute('view')).to.equal('Account');
  });

  it('Escape and an overlay click close it', async () => {
    const el = await mountModal();
    await el.modal.open();
    await sendKeys({ press: 'Escape' });
    expect($modal.get().open).to.equal(false);
    await el.modal.open();
    const overlay = el.shadowRoot!.querySelector<HTMLElement>('.overlay')!;
    overlay.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect($modal.get().open).to.equal(false);
  });

  it('shakes for 500 ms instead of closing when closing is not allowed', async () => {
    const el = await mountModal();
    await el.modal.open();
    setCloseBlocked(true);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect($modal.get().open).to.equal(true);
    expect(dialogOf(el)!.classList.contains('shake')).to.equal(true);
    await sleep(560);
    await el.updateComplete;
    expect(dialogOf(el)!.classList.contains('shake')).to.equal(false);
    setCloseBlocked(false);
  });

  it('moves focus in on open, keeps Tab inside and restores focus to the opener', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Open';
    document.body.append(opener);
    const el = await mountModal({ features: { email: true } });
    opener.focus();
    opener.addEventListener('click', () => void el.modal.open());
    opener.click();
    await waitFor(() => $modal.get().shownView === 'Connect', 3000, 'open');
    await nextFrame();
    const dialog = dialogOf(el)!;
    const inside = (): boolean => {
      let node: Node | null = activeDeep();
      while (node) {
        if (node === dialog) return true;
        node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
      }
      return false;
    };
    expect(inside(), 'focus moved into the dialog').to.equal(true);
    const seen = new Set<Element | null>();
    for (let i = 0; i < 8; i++) {
      await sendKeys({ press: 'Tab' });
      expect(inside(), `Tab ${i + 1} stays inside`).to.equal(true);
      seen.add(activeDeep());
    }
    expect(seen.size).to.be.greaterThan(2);
    await sendKeys({ down: 'Shift' });
    for (let i = 0; i < 8; i++) {
      await sendKeys({ press: 'Tab' });
      expect(inside(), `Shift+Tab ${i + 1} stays inside`).to.equal(true);
    }
    await sendKeys({ up: 'Shift' });
    el.modal.close();
    await el.updateComplete;
    expect(document.activeElement).to.equal(opener);
  });

  it('animates the title (120 ms), the view (150 ms) and the height (150 ms) on a view change', async () => {
    const el = await mountModal();
    await el.modal.open();
    await nextFrame();
    pushView('WhatIsAWallet');
    await waitFor(() => $modal.get().shownView === 'WhatIsAWallet', 3000, 'view');
    const durations = (sel: string) =>
      el
        .shadowRoot!.querySelector(sel)!
        .getAnimations()
        .map((a) => (a.effect as KeyframeEffect).getTiming().duration);
    expect(durations('h2')).to.include(120);
    expect(durations('.view')).to.include(150);
    await waitFor(() => durations('.body').includes(150), 1000, `height animation (${JSON.stringify(durations('.body'))})`);
  });

  it('runs no animation under prefers-reduced-motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await mountModal();
    await el.modal.open();
    await nextFrame();
    pushView('WhatIsAWallet');
    await waitFor(() => $modal.get().shownView === 'WhatIsAWallet', 3000, 'view');
    await nextFrame();
    await nextFrame();
    const running = el.shadowRoot!.getAnimations().length + dialogOf(el)!.getAnimations({ subtree: true }).length;
    expect(running).to.equal(0);
  });

  it('is a full-width bottom sheet under 430 px', async () => {
    await setViewport({ width: 400, height: 700 });
    const el = await mountModal();
    await el.modal.open();
    await sleep(200);
    const rect = dialogOf(el)!.getBoundingClientRect();
    expect(dialogOf(el)!.offsetWidth).to.equal(400);
    expect(Math.round(rect.bottom)).to.equal(700);
  });

  it('switches theme live, follows the system when unset, and applies theme variables', async () => {
    const el = await mountModal();
    await el.modal.open();
    const bg = () => getComputedStyle(dialogOf(el)!).backgroundColor;
    expect(el.getAttribute('theme')).to.equal('light');
    const light = bg();
    setThemeMode('dark');
    await el.updateComplete;
    expect(el.getAttribute('theme')).to.equal('dark');
    expect(bg()).to.not.equal(light);
    setThemeMode(undefined);
    await emulateMedia({ colorScheme: 'dark' });
    await waitFor(() => el.getAttribute('theme') === 'dark', 2000, 'system dark');
    await emulateMedia({ colorScheme: 'light' });
    await waitFor(() => el.getAttribute('theme') === 'light', 2000, 'system light');
    setThemeVariables({ '--w3-accent': 'rgb(107, 78, 255)' });
    await el.updateComplete;
    expect(el.style.getPropertyValue('--w3-accent')).to.equal('rgb(107, 78, 255)');
  });

  it('shows toasts with role status, errors with role alert, and alerts', async () => {
    const el = await mountModal();
    showLoading({ code: 'TEXT', text: 'Authenticating...' });
    await el.updateComplete;
    const toast = deep(el, 'w3-ui-toast')!;
    await (toast as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(deep(el, 'w3-ui-toast', '[role="status"]')!.textContent).to.contain('Authenticating...');
    showError({ code: 'ERROR', error: new ConnectionRejectedError() });
    await waitFor(() => deep(el, 'w3-ui-toast', '[role="alert"]'), 1000, 'error toast');
    expect(deep(el, 'w3-ui-toast', '[role="alert"]')!.textContent).to.contain('Connection rejected');
    showAlert('INVALID_APP_CONFIGURATION');
    await el.updateComplete;
    expect(deepText(el.shadowRoot!.querySelector('.alert[role="alert"]')!)).to.contain('Invalid App Configuration');
  });

  it('has no axe violations when open, in light and in dark mode', async () => {
    const el = await mountModal({ features: { email: true, socials: ['google', 'github'] } });
    await el.modal.open();
    await sleep(200);
    expect(await axeViolations()).to.deep.equal([]);
    setThemeMode('dark');
    await el.updateComplete;
    await sleep(400);
    expect(await axeViolations()).to.deep.equal([]);
  });
});
