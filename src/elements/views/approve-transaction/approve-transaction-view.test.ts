import { expect } from 'chai';
import { $frameTask, $frameView } from '../../../stores/embedded/state.js';
import { axeViolations, deep, mountFixture, resetAll } from '../../../../test/browser/helpers.js';
import './approve-transaction-view.js';

async function mount(): Promise<{ view: HTMLElement & { updateComplete: Promise<unknown> } }> {
  const view = document.createElement('w3-approve-transaction-view');
  const host = await mountFixture('<div></div>');
  host.append(view);
  await view.updateComplete;
  return { view };
}

describe('ApproveTransaction', () => {
  afterEach(() => {
    $frameTask.set(undefined);
    $frameView.set({ visible: false, height: 0 });
    resetAll();
  });

  it("heads an RPC request 'Approve the request in the embedded wallet' and keeps room for the frame (at least 200 px)", async () => {
    $frameTask.set({ kind: 'rpc', namespace: 'eip155', method: 'eth_sendTransaction' });
    const { view } = await mount();
    expect(deep(view, 'h3')!.textContent).to.equal('Approve the request in the embedded wallet');
    const room = deep(view, '[data-frame-room]')!;
    expect(room.getBoundingClientRect().height).to.equal(200);
    expect(room.querySelector('w3-ui-spinner')).to.not.equal(null);
    $frameView.set({ visible: true, height: 340 });
    await view.updateComplete;
    expect(room.getBoundingClientRect().height).to.equal(340);
    expect(room.querySelector('w3-ui-spinner')).to.equal(null);
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("heads the export 'Export your key'", async () => {
    $frameTask.set({ kind: 'export' });
    const { view } = await mount();
    expect(deep(view, 'h3')!.textContent).to.equal('Export your key');
  });

  it("heads adding a passkey 'Create passkey'", async () => {
    $frameTask.set({ kind: 'passkey' });
    const { view } = await mount();
    expect(deep(view, 'h3')!.textContent).to.equal('Create passkey');
  });
});
