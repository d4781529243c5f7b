/**
 * The CallsStatus view in Chromium against web-test-runner's Hardhat node and the real test
 * EIP-1193 wallet (EIP-6963, with and without its EIP-5792): sendCalls with two calls, then
 * showCallsStatus: pending with a spinner until the node mines, then confirmed with each call's
 * receipt (explorer link, gas used), by keyboard and with axe; a wallet without EIP-5792 shows
 * spec 8's sentence.
 */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { createTestWallet, type TestWallet } from '../../../../test/fixtures/eip1193-wallet.js';
import { networks, type Network } from '../../../wire/networks.js';
import { $modal } from '../../../stores/ui/modal.js';
import { $router } from '../../../stores/ui/router.js';
import {
  activeDeep,
  axeViolations,
  connectedAndClosed,
  deep,
  deepAll,
  mountModal,
  resetAll,
  waitFor,
} from '../../../../test/browser/helpers.js';
import type { W3Modal } from '../../modal/modal.element.js';

const EVM = (window as unknown as { __W3_EVM_URL__: string }).__W3_EVM_URL__;
const EXPLORER = 'https://explorer.example';
const local: Network = {
  ...networks.localhost,
  rpcUrls: { default: { http: [EVM] } },
  blockExplorers: { default: { name: 'Local explorer', url: EXPLORER } },
};
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const C = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
let wallet: TestWallet | undefined;

const rpc = (method: string, params: unknown[] = []) =>
  fetch(EVM, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });

async function connected(eip5792: boolean): Promise<W3Modal> {
  wallet = createTestWallet({
    rpcUrls: { 31337: EVM },
    chainId: 31337,
    name: 'Calls Wallet',
    rdns: 'dev.w3kit.calls',
    storageKey: false,
    eip5792,
  });
  const el = await mountModal({ networks: [local] });
  await el.modal.open({ view: 'Connect' });
  const view = await waitFor(() => deep(el, 'w3-connect-view'), 3000, 'connect view');
  const item = await waitFor(
    () => Array.from(view.shadowRoot!.querySelectorAll('w3-ui-list-item')).find((i) => i.textContent!.trim() === 'Calls Wallet'),
    3000,
    'the test wallet',
  );
  deep<HTMLElement>(item, 'button')!.click();
  await connectedAndClosed(el, 5000, false);
  return el;
}

const callsView = (el: W3Modal) => waitFor(() => deep<HTMLElement>(el, 'w3-calls-status-view'), 3000, 'calls status view');
const phase = (view: HTMLElement) => deep(view, '[data-phase]')?.getAttribute('data-phase');

describe('<w3-calls-status-view>', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    wallet?.remove();
    resetAll();
    await rpc('evm_setAutomine', [true]);
  });

  it('follows a batch of two calls: pending with a spinner, then confirmed with each receipt, by keyboard and with axe', async () => {
    const el = await connected(true);
    await rpc('evm_setAutomine', [false]);
    const { id } = await el.modal.sendCalls({
      calls: [
        { to: B, value: 1000n },
        { to: C, value: '2000' },
      ],
    });
    await el.modal.showCallsStatus(id);
    const view = await callsView(el);
    expect($router.get()).to.include({ view: 'CallsStatus' });
    await waitFor(() => phase(view) === 'pending', 3000, 'pending');
    expect(deep(view, 'w3-ui-spinner')).to.not.equal(null);
    expect(deep(view, 'h3')!.textContent!.trim()).to.equal('Waiting for the calls to be confirmed');
    expect(await axeViolations()).to.deep.equal([]);

    await rpc('evm_mine');
    await waitFor(() => phase(view) === 'confirmed', 4000, 'confirmed');
    expect(deep(view, 'h3')!.textContent!.trim()).to.equal('Calls confirmed');
    expect(deep(view, 'w3-ui-spinner')).to.equal(null);
    const receipts = deepAll<HTMLElement>(view, '[data-receipt]');
    expect(receipts).to.have.length(2);
    const links = deepAll<HTMLAnchorElement>(view, 'a[data-tx]');
    expect(links.map((a) => a.href.slice(0, EXPLORER.length + 4))).to.deep.equal([`${EXPLORER}/tx/`, `${EXPLORER}/tx/`]);
    expect(links[0]!.title).to.match(/^0x[0-9a-f]{64}$/);
    expect(links[0]!.href).to.equal(`${EXPLORER}/tx/${links[0]!.title}`);
    expect(receipts.map((r) => deep(r, '[data-call]')!.textContent!.trim())).to.deep.equal(['Call 1', 'Call 2']);
    expect(receipts.map((r) => deep(r, '[data-gas]')!.textContent!.trim())).to.deep.equal(['Gas used: 21000', 'Gas used: 21000']);
    expect(await axeViolations()).to.deep.equal([]);

    // The new state's heading has the focus; Tab reaches each receipt's link in turn; Escape closes.
    await waitFor(() => activeDeep()?.tagName === 'H3', 2000, 'heading focused');
    await sendKeys({ press: 'Tab' });
    expect(activeDeep()).to.equal(links[0]);
    await sendKeys({ press: 'Tab' });
    expect(activeDeep()).to.equal(links[1]);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$modal.get().open, 2000, 'closed');
  });

  it("a wallet without EIP-5792: 'Fetching call status not approved by the wallet.'", async () => {
    const el = await connected(false);
    await el.modal.showCallsStatus('0x01');
    const view = await callsView(el);
    await waitFor(() => phase(view) === 'error', 3000, 'error');
    expect(deep(view, '[data-error]')!.textContent!.trim()).to.equal('Fetching call status not approved by the wallet.');
    expect(await axeViolations()).to.deep.equal([]);
  });
});
