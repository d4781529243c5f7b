import { expect } from 'chai';
import { $embeddedUser } from '../../../stores/embedded/state.js';
import { $router } from '../../../stores/ui/router.js';
import { axeViolations, connectAccount, deep, deepAll, deepText, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';

const LONG = 'someone.with.a.long.address@example.com';
const rows = (view: HTMLElement) => deepAll<HTMLElement>(view, '[data-embedded]');

async function openAccount(): Promise<HTMLElement> {
  const el = await mountModal();
  connectAccount();
  await el.modal.open({ view: 'Account' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
}

describe('Account view, embedded wallet', () => {
  beforeEach(() => resetAll());
  afterEach(() => {
    $embeddedUser.set(undefined);
    resetAll();
  });

  it('shows nothing of the embedded wallet for another wallet', async () => {
    const view = await openAccount();
    expect(rows(view)).to.deep.equal([]);
    expect(deep(view, '[data-embedded-email]')).to.equal(null);
    expect(deepText(view)).to.not.contain('Export key');
  });

  it("shows the e-mail (truncated past 30 characters), 'Update e-mail' opens UpdateEmailWallet, 'Export key' exports", async () => {
    $embeddedUser.set({ email: LONG } as ReturnType<typeof $embeddedUser.get>);
    const view = await openAccount();
    const email = deep(view, '[data-embedded-email]')!;
    expect(email.textContent).to.equal(`${LONG.slice(0, 30)}…`);
    expect(email.title).to.equal(LONG);
    expect(rows(view).map((r) => r.textContent!.trim())).to.deep.equal(['Update e-mail', 'Export key']);
    expect(await axeViolations()).to.deep.equal([]);
    const calls: string[] = [];
    (view as unknown as { embeddedActions: { updateEmail(): void; exportKey(): void } }).embeddedActions.exportKey = () =>
      void calls.push('export');
    deep(rows(view)[1]!, 'button')!.click();
    expect(calls).to.deep.equal(['export']);
    deep(rows(view)[0]!, 'button')!.click();
    await waitFor(() => $router.get().view === 'UpdateEmailWallet', 2000, 'UpdateEmailWallet');
  });
});
