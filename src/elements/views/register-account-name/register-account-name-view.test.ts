import { expect } from 'chai';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { $accounts } from '../../../stores/connection/account.js';
import { $registerName, NAME_CHECK_DELAY_MS, resetRegisterName } from '../../../stores/names/register-name.js';
import { refreshAccountIdentity } from '../../../stores/portfolio/identity.js';
import { $router } from '../../../stores/ui/router.js';
import { axeViolations, connectAccount, deep, deepAll, mountModal, resetAll, sleep, waitFor } from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

/** The real backend web-test-runner starts (its name registry needs no chain). */
const API = (window as unknown as { __W3_API_URL__: string }).__W3_API_URL__;
const WITH_API = { blockchainApiUrl: API, projectId: 'w3kit-dev' };

/** Another account (or `other`) registers `name` on the backend. */
async function takeName(name: string, other = privateKeyToAccount(generatePrivateKey())): Promise<void> {
  const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(Date.now() / 1000) });
  const body = { coin_type: 60, address: other.address, message, signature: await other.signMessage({ message }) };
  const res = await fetch(`${API}/v1/profile/account?projectId=w3kit-dev`, { method: 'POST', body: JSON.stringify(body) });
  expect(res.status).to.equal(200);
}

async function openView(el: W3Modal): Promise<HTMLElement> {
  connectAccount();
  await el.modal.open({ view: 'RegisterAccountName' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-register-account-name-view'), 3000, 'register view');
}

const input = (view: HTMLElement) => deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!;
const status = (view: HTMLElement) => deep<HTMLElement>(view, '[data-availability]')!.textContent!.trim();
const registerButton = (view: HTMLElement) => deep<HTMLButtonElement>(view, 'w3-ui-button[data-register]', 'button')!;

function type(view: HTMLElement, text: string): void {
  const el = input(view);
  el.value = text;
  el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

describe('RegisterAccountName view', () => {
  beforeEach(() => {
    resetAll();
    resetRegisterName();
  });
  afterEach(() => {
    resetAll();
  });

  it('shows the zone, the validation texts at once and availability once typing pauses', async () => {
    const el = await mountModal(WITH_API);
    const view = await openView(el);
    expect(deep(view, '[data-suffix]')!.textContent).to.equal('.w3kit.id');
    expect(registerButton(view).disabled).to.equal(true);
    await waitFor(() => view.shadowRoot!.activeElement?.tagName === 'W3-UI-TEXT-INPUT', 2000, 'input focused');

    type(view, 'abc');
    await waitFor(() => deep(view, 'w3-ui-text-input', '.error'), 1000, 'too short');
    expect(deep(view, 'w3-ui-text-input', '.error')!.textContent).to.equal('Name must be at least 4 characters');
    type(view, 'ab.cd');
    await waitFor(() => deep(view, 'w3-ui-text-input', '.error')?.textContent === 'Use only letters, digits and hyphens', 1000, 'dot');
    type(view, 'ab cd');
    await waitFor(() => deep(view, 'w3-ui-text-input', '.error')?.textContent === 'Use only letters, digits and hyphens', 1000, 'space');
    const error = () => deep(view, 'w3-ui-text-input', '.error')?.textContent;
    type(view, '-dash-');
    await waitFor(() => error() === 'A name cannot start or end with a hyphen', 1000, 'edge hyphens');
    expect(deep(view, '[data-availability]')?.textContent?.trim() ?? '').not.to.contain('Available');
    type(view, 'xn--dash');
    await waitFor(() => error() === 'A name cannot have hyphens as its 3rd and 4th characters', 1000, 'hyphens 3 and 4');
    expect(input(view).getAttribute('aria-invalid')).to.equal('true');
    expect(registerButton(view).disabled).to.equal(true);

    // Debounced: the registry is asked once, for the label typed last, after the pause.
    const asked: string[] = [];
    const realFetch = window.fetch;
    window.fetch = (url, init) => {
      if (String(url).includes('/v1/profile/suggestions/')) asked.push(String(url));
      return realFetch(url, init);
    };
    try {
      const label = `free${Date.now() % 100000}`;
      type(view, label.slice(0, 5));
      type(view, label);
      await sleep(NAME_CHECK_DELAY_MS / 2);
      expect(asked).to.deep.equal([]);
      await waitFor(() => status(view) === 'Available', 3000, 'Available');
      expect(asked).to.have.length(1);
      expect(asked[0]).to.contain(`/v1/profile/suggestions/${label}?`);
    } finally {
      window.fetch = realFetch;
    }
    expect(registerButton(view).disabled).to.equal(false);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('a taken name says so and offers suggestions; a click (or the keyboard) fills one', async () => {
    const taken = `taken${Date.now() % 100000}`;
    await takeName(`${taken}.w3kit.id`);
    const el = await mountModal(WITH_API);
    const view = await openView(el);
    type(view, taken);
    await waitFor(() => status(view) === 'Name taken', 3000, 'Name taken');
    expect(registerButton(view).disabled).to.equal(true);
    const buttons = deepAll<HTMLButtonElement>(view, '[data-suggestions] button');
    expect(buttons.length).to.be.greaterThan(2);
    for (const b of buttons) expect(b.textContent).to.match(new RegExp(`^${taken}`));
    expect(await axeViolations()).to.deep.equal([]);
    const chosen = buttons[1]!.textContent!;
    buttons[1]!.focus();
    buttons[1]!.click();
    await waitFor(() => status(view) === 'Available', 3000, 'suggestion available');
    expect(input(view).value).to.equal(chosen);
    expect(deepAll(view, '[data-suggestions] button')).to.have.length(0);
  });

  it("Enter registers; without a wallet session the alert says 'Error registering name'", async () => {
    const el = await mountModal(WITH_API);
    const view = await openView(el);
    // The account is connected in the stores only: the wallet cannot be asked to sign.
    type(view, `nowallet${Date.now() % 100000}`);
    await waitFor(() => status(view) === 'Available', 3000, 'Available');
    input(view).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await waitFor(() => deep(view, '[role="alert"][data-error]')!.textContent!.trim() !== '', 3000, 'error');
    expect(deep(view, '[role="alert"][data-error]')!.textContent!.trim()).to.equal('Error registering name');
    expect($router.get().view).to.equal('RegisterAccountName');
    expect($registerName.get().stage).to.equal(undefined);
  });

  it('the Account view offers Choose name without a name in the zone, and not with one', async () => {
    const el = await mountModal(WITH_API);
    const me = privateKeyToAccount(generatePrivateKey());
    connectAccount(me.address);
    await el.modal.open({ view: 'Account' });
    const account = await waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
    const row = await waitFor(() => deep<HTMLElement>(account, '[data-choose-name]'), 3000, 'Choose name row');
    expect(row.textContent!.trim()).to.equal('Choose name');
    row.click();
    await waitFor(() => $router.get().view === 'RegisterAccountName', 2000, 'RegisterAccountName');
    // The account gets a name of the zone on the backend; the identity the Account view reads gives it.
    const name = `acct${Date.now() % 1_000_000}.w3kit.id`;
    await takeName(name, me);
    await refreshAccountIdentity();
    await el.modal.open({ view: 'Account' });
    const again = await waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view again');
    await waitFor(() => $accounts.get().eip155!.profileName === name, 3000, 'the name');
    await waitFor(() => deep(again, '[data-choose-name]') === null, 2000, 'row gone');
  });
});

describe('RegisterAccountNameSuccess view', () => {
  beforeEach(resetAll);
  afterEach(resetAll);

  it('shows the name registered and goes back to Account', async () => {
    const el = await mountModal(WITH_API);
    connectAccount();
    $registerName.setKey('registered', 'lena.w3kit.id');
    await el.modal.open({ view: 'RegisterAccountNameSuccess' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-register-account-name-success-view'), 3000, 'success view');
    expect(deep(view, '[data-name]')!.textContent).to.equal('lena.w3kit.id');
    expect(await axeViolations()).to.deep.equal([]);
    deep<HTMLButtonElement>(view, 'w3-ui-button[data-back]', 'button')!.click();
    await waitFor(() => $router.get().view === 'Account', 2000, 'Account');
    expect($router.get().history).to.deep.equal(['Account']);
  });
});
