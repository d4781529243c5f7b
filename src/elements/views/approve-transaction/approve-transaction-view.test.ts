import { expect } from 'chai';
import { $frameTask, $frameView } from '../../../stores/embedded/state.js';
import { axeViolations, deep, mountFixture, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import './approve-transaction-view.js';

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> } }> {
  const view = document.createElement('w3-approve-transaction-view');
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view };
}

/** The view's line about the task: a status for screen readers, not shown (1 px, clipped). */
function taskLine(view: HTMLElement): HTMLElement {
  const line = deep<HTMLElement>(view, '[data-frame-task]')!;
  expect(line.getAttribute('role')).to.equal('status');
  const box = line.getBoundingClientRect();
  expect(box.width <= 1 && box.height <= 1, 'visually hidden').to.equal(true);
  return line;
}

const headings = (root: ParentNode) => root.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]');

describe('ApproveTransaction', () => {
  afterEach(() => {
    $frameTask.set(undefined);
    $frameView.set({ visible: false, height: 0 });
    resetAll();
  });

  it("shows no heading of its own (the frame's is the one people see) and tells screen readers 'Approve the request in the embedded wallet'", async () => {
    $frameTask.set({ kind: 'rpc', namespace: 'eip155', method: 'eth_sendTransaction' });
    const { view } = await mount();
    expect(headings(view.shadowRoot!)).to.have.length(0);
    expect(taskLine(view).textContent).to.equal('Approve the request in the embedded wallet');
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("keeps 200 px with a spinner until the frame shows, then exactly the height the frame's screen reports (short or tall)", async () => {
    $frameTask.set({ kind: 'rpc', namespace: 'eip155', method: 'personal_sign' });
    const { view } = await mount();
    const room = deep(view, '[data-frame-room]')!;
    expect(room.getBoundingClientRect().height).to.equal(200);
    expect(room.querySelector('w3-ui-spinner')).to.not.equal(null);
    $frameView.set({ visible: true, height: 340 });
    await view.updateComplete;
    expect(room.getBoundingClientRect().height).to.equal(340);
    expect(room.querySelector('w3-ui-spinner')).to.equal(null);
    // A short screen: no empty room under it.
    $frameView.set({ visible: true, height: 132 });
    await view.updateComplete;
    expect(room.getBoundingClientRect().height).to.equal(132);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("tells screen readers 'Export your key' for the export", async () => {
    $frameTask.set({ kind: 'export' });
    const { view } = await mount();
    expect(taskLine(view).textContent).to.equal('Export your key');
    expect(headings(view.shadowRoot!)).to.have.length(0);
  });

  it("tells screen readers 'Create passkey' while adding a passkey", async () => {
    $frameTask.set({ kind: 'passkey' });
    const { view } = await mount();
    expect(taskLine(view).textContent).to.equal('Create passkey');
    expect(headings(view.shadowRoot!)).to.have.length(0);
  });

  it("in the modal: the dialog is still named by the view's title, its one visible heading; the view adds none", async () => {
    $frameTask.set({ kind: 'export' });
    const el = await mountModal();
    await el.modal.open({ view: 'ApproveTransaction' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-approve-transaction-view'), 3000, 'the view');
    await waitFor(() => deep(view, '[data-frame-task]'), 3000, 'the task line');
    const dialog = deep<HTMLElement>(el, '[role="dialog"]')!;
    const name = el.shadowRoot!.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    expect(name.textContent!.trim()).to.equal('Export key');
    expect(headings(view.shadowRoot!)).to.have.length(0);
    expect(taskLine(view).textContent).to.equal('Export your key');
    expect(await axeViolations()).to.deep.equal([]);
  });
});
