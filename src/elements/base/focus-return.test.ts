import { expect } from 'chai';
import { $modal, closeModal } from '../../stores/ui/modal.js';
import { activeDeep, connectAccount, deep, deepAll, mountModal, resetAll, waitFor } from '../../../test/browser/helpers.js';

async function mount(tag: string): Promise<HTMLElement> {
  const el = document.createElement(tag) as HTMLElement & { updateComplete: Promise<unknown> };
  document.body.append(el);
  await el.updateComplete;
  return el;
}

/** Opens Account from `opener` the way a person does (focus, then activate), then presses Disconnect. */
async function disconnectFrom(modal: HTMLElement, opener: HTMLButtonElement): Promise<void> {
  opener.focus();
  opener.click();
  const view = await waitFor(() => ($modal.get().shownView === 'Account' ? deep(modal, 'w3-account-view') : null), 3000, 'Account');
  const item = deepAll(view, 'w3-ui-list-item').find((i) => i.textContent!.includes('Disconnect'))!;
  const button = deep<HTMLButtonElement>(item, 'button')!;
  button.focus();
  button.click();
  await waitFor(() => !$modal.get().open, 3000, 'modal closed');
}

describe('focus after the modal closes', () => {
  beforeEach(resetAll);
  afterEach(resetAll);

  it("after Disconnect, focus lands on the page's connect button (the account button that opened the modal is gone)", async () => {
    const modal = await mountModal();
    connectAccount();
    const button = await mount('w3-button');
    const account = await waitFor(() => deep<HTMLButtonElement>(button, 'w3-account-button', 'button'), 2000, 'account button');
    await disconnectFrom(modal, account);
    const connect = await waitFor(() => deep<HTMLButtonElement>(button, 'w3-connect-button', 'button'), 2000, 'connect button');
    await waitFor(() => activeDeep() === connect, 2000, 'focus on the connect button');
    expect(activeDeep()).to.equal(connect);
    expect(document.activeElement).to.equal(button);
  });

  it('a standalone <w3-account-button> that opened the modal hands focus to the page’s <w3-connect-button>', async () => {
    const modal = await mountModal();
    connectAccount();
    const connectHost = await mount('w3-connect-button');
    const accountHost = await mount('w3-account-button');
    const account = await waitFor(() => deep<HTMLButtonElement>(accountHost, 'button'), 2000, 'account button');
    await disconnectFrom(modal, account);
    const connect = deep<HTMLButtonElement>(connectHost, 'button')!;
    await waitFor(() => activeDeep() === connect, 2000, 'focus on the connect button');
    expect(activeDeep()).to.equal(connect);
  });

  it('a page control that opened the modal and is still there gets focus back', async () => {
    const modal = await mountModal();
    await mount('w3-button');
    const opener = document.createElement('button');
    opener.textContent = 'Open';
    opener.addEventListener('click', () => void (modal as HTMLElement & { modal: { open(): Promise<void> } }).modal.open());
    document.body.append(opener);
    opener.focus();
    opener.click();
    await waitFor(() => $modal.get().shownView === 'Connect', 3000, 'Connect');
    expect(activeDeep()).to.not.equal(opener);
    closeModal();
    await waitFor(() => activeDeep() === opener, 2000, 'focus back on the opener');
  });
});
