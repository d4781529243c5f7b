import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { W3Error } from '../../../core/errors.js';
import { $emailLogin } from '../../../stores/embedded/state.js';
import {
  activeDeep,
  axeViolations,
  deep,
  deepAll,
  deepText,
  mountFixture,
  resetAll,
  sleep,
  waitFor,
} from '../../../../test/browser/helpers.js';
import './email-verify-otp-view.js';

const LONG = 'a.very.long.mailbox.name.indeed@example.com';
const otpState = (over: Partial<ReturnType<typeof $emailLogin.get>> = {}) =>
  $emailLogin.set({ step: 'otp', email: 'ada@example.com', error: undefined, resendAt: 0, ...over });

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> }; calls: string[] }> {
  const calls: string[] = [];
  const view = document.createElement('w3-email-verify-otp-view');
  (view as unknown as { actions: object }).actions = {
    submitOtp: async (otp: string) => void calls.push(`otp:${otp}`),
    resendEmail: async () => void calls.push('resend'),
  };
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view, calls };
}

const boxes = (view: HTMLElement) => deepAll<HTMLInputElement>(view, 'w3-ui-otp-input', 'input');

describe('EmailVerifyOtp', () => {
  beforeEach(() => otpState());
  afterEach(() => resetAll());

  it('asks for the code sent to the address (bold), focuses the first box, and the sixth digit submits', async () => {
    const { view, calls } = await mount();
    expect(deepText(deep(view, '[data-prompt]')!)).to.equal('Enter the code we sent to ada@example.com');
    expect(deep(view, 'strong')!.textContent).to.equal('ada@example.com');
    await waitFor(() => activeDeep() === boxes(view)[0], 2000, 'the first box focused');
    await sendKeys({ type: '12345' });
    expect(calls).to.deep.equal([]);
    await sendKeys({ type: '6' });
    expect(calls).to.deep.equal(['otp:123456']);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it('truncates an address past 30 characters (whole in its title)', async () => {
    otpState({ email: LONG });
    const { view } = await mount();
    const strong = deep(view, 'strong')!;
    expect(strong.textContent).to.equal(`${LONG.slice(0, 30)}…`);
    expect(strong.title).to.equal(LONG);
  });

  it("shows 'Authenticating...' while verifying, then the error with the boxes cleared and focus on the first", async () => {
    const { view } = await mount();
    await waitFor(() => activeDeep() === boxes(view)[0], 2000, 'the first box focused');
    await sendKeys({ type: '111111' });
    $emailLogin.setKey('step', 'verifying');
    await view.updateComplete;
    expect(deep(view, '[role="status"]')!.textContent).to.contain('Authenticating...');
    expect(boxes(view).every((b) => b.disabled)).to.equal(true);
    $emailLogin.set({ ...$emailLogin.get(), step: 'otp', error: new W3Error('Invalid code') });
    await waitFor(() => activeDeep() === boxes(view)[0], 2000, 'focus back on the first box');
    expect(boxes(view).map((b) => b.value)).to.deep.equal(['', '', '', '', '', '']);
    expect(deep(view, 'w3-ui-otp-input', '[role="alert"]')!.textContent).to.equal('Invalid code');
    expect(deep(view, '[role="status"]')).to.equal(null);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("counts the cooldown down each second, then offers 'Resend code'", async () => {
    otpState({ resendAt: Date.now() + 2500 });
    const { view, calls } = await mount();
    expect(deep(view, '[data-resend]')!.textContent!.trim()).to.equal('Resend code in 3 s');
    await waitFor(() => deep(view, '[data-resend]')!.textContent!.trim() === 'Resend code in 2 s', 1500, '2 s left');
    await waitFor(() => deep(view, 'w3-ui-button[data-resend]'), 3000, 'the resend button');
    const button = deep(view, 'w3-ui-button[data-resend]')!;
    expect(button.textContent!.trim()).to.equal('Resend code');
    deep(button, 'button')!.click();
    expect(calls).to.deep.equal(['resend']);
  });

  it('stops counting once it leaves the page', async () => {
    otpState({ resendAt: Date.now() + 5000 });
    const { view } = await mount();
    let renders = 0;
    const original = (view as unknown as { render(): unknown }).render.bind(view);
    (view as unknown as { render(): unknown }).render = () => (renders++, original());
    view.remove();
    await sleep(1200);
    expect(renders).to.equal(0);
  });
});
