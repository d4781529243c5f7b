import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { W3Error } from '../../../core/errors.js';
import { validateEmail } from '../../../stores/connection/connect.js';
import { $emailLogin } from '../../../stores/embedded/state.js';
import { activeDeep, axeViolations, deep, deepText, mountFixture, resetAll } from '../../../../test/browser/helpers.js';
import './email-login-view.js';

const idle = () => $emailLogin.set({ step: 'idle', email: undefined, error: undefined, resendAt: 0 });

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> }; calls: string[] }> {
  const calls: string[] = [];
  const view = document.createElement('w3-email-login-view');
  (view as unknown as { actions: object }).actions = {
    submitEmail: (email: string) => (calls.push(email), validateEmail(email)),
  };
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view, calls };
}

describe('EmailLogin', () => {
  beforeEach(() => idle());
  afterEach(() => (idle(), resetAll()));

  it("has a focused 'Email' textbox; Enter submits; 'Required' and 'Invalid input' show under it", async () => {
    const { view, calls } = await mount();
    const input = deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!;
    expect(activeDeep() === input).to.equal(true);
    expect(deep<HTMLLabelElement>(view, 'w3-ui-text-input', 'label')!.textContent).to.equal('Email');
    await sendKeys({ press: 'Enter' });
    await view.updateComplete;
    expect(calls).to.deep.equal(['']);
    expect(deepText(view)).to.contain('Required');
    await sendKeys({ type: 'nope' });
    await sendKeys({ press: 'Enter' });
    await view.updateComplete;
    expect(deepText(view)).to.contain('Invalid input');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("submits a valid address with 'Continue'", async () => {
    const { view, calls } = await mount();
    deep<HTMLInputElement>(view, 'w3-ui-text-input', 'input')!.focus();
    await sendKeys({ type: 'ada@example.com' });
    deep(view, 'w3-ui-button', 'button')!.click();
    await view.updateComplete;
    expect(calls).to.deep.equal(['ada@example.com']);
    expect(deepText(view)).to.not.contain('Invalid input');
  });

  it("is busy while sending and shows the login's error (the cooldown)", async () => {
    const { view, calls } = await mount();
    $emailLogin.setKey('step', 'sending');
    await view.updateComplete;
    const button = deep(view, 'w3-ui-button')!;
    expect(button.getAttribute('aria-busy')).to.equal('true');
    expect(button.hasAttribute('disabled')).to.equal(true);
    await sendKeys({ press: 'Enter' });
    expect(calls).to.deep.equal([]);
    $emailLogin.set({ step: 'idle', email: 'ada@example.com', error: new W3Error('Please try again after 12 seconds'), resendAt: 0 });
    await view.updateComplete;
    const alert = deep(view, '[role="alert"]')!;
    expect(alert.textContent).to.contain('Please try again after 12 seconds');
    expect(button.getAttribute('aria-busy')).to.equal('false');
  });
});
