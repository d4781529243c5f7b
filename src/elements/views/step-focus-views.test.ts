import { expect } from 'chai';
import { html, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { sendKeys } from '@web/test-runner-commands';
import type { ViewName } from '../../core/views.js';
import type { AccountDevice, Passkey } from '../../frame/messages.js';
import { $deviceChanges, $deviceList } from '../../stores/embedded/device-list.js';
import { $passkeyList } from '../../stores/embedded/passkey-list.js';
import { $embeddedUser, $passkeyChanges } from '../../stores/embedded/state.js';
import { $registerName, resetRegisterName } from '../../stores/names/register-name.js';
import { $purchase } from '../../stores/onramp/purchase.js';
import { EMBEDDED_USER } from '../../test-utils/frame-double.js';
import { W3Element } from '../base/w3-element.js';
import { definePrimitives } from '../primitives/index.js';
import { ViewHostController } from '../modal/controllers/view-host.js';
import { VIEW_LOADERS } from './registry.js';
import { activeDeep, deep, resetAll, waitFor } from '../../../test/browser/helpers.js';

/** The modal's view host (the real controller and loaders), showing one route. */
class StepHost extends W3Element {
  static override readonly tagName = 'w3-test-step-host';
  @property({ attribute: false }) route: { view: ViewName } = { view: 'Devices' };
  readonly viewHost = new ViewHostController(this, {
    loaders: VIEW_LOADERS,
    active: () => true,
    route: () => this.route,
    shown: () => undefined,
  });
  override render(): TemplateResult {
    return html`<div>${this.viewHost.element}</div>`;
  }
}
StepHost.define();
// The primitives the modal shell defines.
definePrimitives();

async function show(view: ViewName): Promise<HTMLElement> {
  const host = document.createElement(StepHost.tagName) as StepHost;
  host.route = { view };
  document.body.append(host);
  const tag = `w3-${view.replace(/[A-Z]/g, (c, i: number) => (i ? '-' : '') + c.toLowerCase())}-view`;
  const el = await waitFor(() => host.renderRoot.querySelector<W3Element>(tag), 3000, view);
  await el.updateComplete;
  return el;
}

/** Presses Enter on the button inside `selector`: the keyboard, never a click. */
async function press(view: HTMLElement, selector: string): Promise<void> {
  deep<HTMLButtonElement>(view, selector, 'button')!.focus();
  await sendKeys({ press: 'Enter' });
}

const focused = () => activeDeep();
async function expectFocus(what: (el: Element | null) => boolean, label: string): Promise<void> {
  await waitFor(() => what(focused()), 2000, label);
  expect(document.activeElement).not.to.equal(document.body);
}

const DEVICE: AccountDevice = {
  id: 'b'.repeat(32),
  name: 'Pixel',
  addedAt: Date.UTC(2026, 1, 3),
  lastUsedAt: Date.UTC(2026, 1, 3),
  current: false,
};
const PASSKEY: Passkey = { id: 'cred-a', name: 'Chrome on Linux', createdAt: Date.UTC(2026, 0, 2), lastUsedAt: null, prf: true };

describe('Step focus in the views with steps (keyboard only: focus follows the new step, never the body)', () => {
  beforeEach(() => resetAll());
  afterEach(() => {
    document.querySelectorAll(StepHost.tagName).forEach((h) => h.remove());
    $embeddedUser.set(undefined);
    resetRegisterName();
    resetAll();
  });

  for (const { view, name, list } of [
    {
      view: 'Devices' as const,
      name: 'Pixel',
      list: () => ($deviceList.mutate([DEVICE]), $deviceChanges.set({ busy: false, error: undefined })),
    },
    {
      view: 'Passkeys' as const,
      name: 'Chrome on Linux',
      list: () => ($passkeyList.mutate([PASSKEY]), $passkeyChanges.set({ busy: false, error: undefined })),
    },
  ])
    it(`${view}: Remove shows the confirmation's heading focused; Cancel gives the focus back to Remove`, async () => {
      $embeddedUser.set(EMBEDDED_USER);
      const el = await show(view);
      list();
      await waitFor(() => deep(el, 'w3-ui-button[data-remove]'), 2000, 'the list');
      await press(el, 'w3-ui-button[data-remove]');
      await expectFocus((a) => a?.tagName === 'H3' && a.textContent!.trim() === `Remove ${name}?`, 'the confirmation heading');
      await press(el, 'w3-ui-button[data-cancel]');
      await expectFocus((a) => a === deep(el, 'w3-ui-button[data-remove]', 'button'), 'Remove again');
    });

  it('BuyInProgress: a new state of the purchase focuses its heading', async () => {
    $purchase.set({ ...$purchase.get(), status: 'waiting' });
    const el = await show('BuyInProgress');
    deep<HTMLButtonElement>(el, 'w3-ui-button[data-back]', 'button')!.focus();
    $purchase.set({ ...$purchase.get(), status: 'closed' });
    await expectFocus((a) => a?.tagName === 'H3' && a.textContent === 'The checkout window was closed before paying', 'closed heading');
    $purchase.set({ ...$purchase.get(), status: 'paid' });
    await expectFocus((a) => a?.tagName === 'H3' && a.textContent === 'Purchase complete', 'paid heading');
  });

  it('RegisterAccountName: waiting for the wallet focuses its text; a failure gives the focus back to the name field', async () => {
    const el = await show('RegisterAccountName');
    const field = () => deep<HTMLInputElement>(el, 'w3-ui-text-input', 'input');
    await expectFocus((a) => a === field(), 'the name field first');
    $registerName.set({ ...$registerName.get(), stage: 'signing' });
    await expectFocus((a) => a?.hasAttribute('data-waiting') === true && a.textContent!.trim() === 'Confirm in your wallet', 'waiting');
    $registerName.set({ ...$registerName.get(), stage: 'sending' });
    await expectFocus((a) => a?.hasAttribute('data-waiting') === true, 'still waiting');
    $registerName.set({ ...$registerName.get(), stage: undefined, error: { kind: 'declined' } });
    await expectFocus((a) => a === field(), 'the name field again');
  });
});
