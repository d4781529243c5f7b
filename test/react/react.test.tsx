/**
 * The React wrappers (src/react/generated/components.ts) render their elements and forward
 * their events to `onW3…` props, and the hooks re-render on store changes.
 *
 * React is CommonJS, so this file is bundled by scripts/bundle-react-test.mjs to
 * test/.bundled/react/react.test.js, which web-test-runner runs in Chromium.
 */
import { sendKeys } from '@web/test-runner-commands';
import { expect } from 'chai';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import {
  createW3Modal,
  networks,
  useW3Account,
  useW3Modal,
  useW3Network,
  useW3State,
  W3Button,
  W3Modal,
  W3NetworkButton,
} from '../../src/react/index.js';
import { offlineLocal } from '../../src/test-utils/networks.js';

// Mocha's globals, which the test runner provides (no @types/mocha in this project).
declare function describe(name: string, fn: () => void): void;
declare function it(name: string, fn: () => void | Promise<void>): void;
declare function before(fn: () => void | Promise<void>): void;
declare function after(fn: () => void | Promise<void>): void;

type LitLike = HTMLElement & { updateComplete?: Promise<unknown> };

/** Polls until `check` returns a truthy value (or throws its last error after `timeout` ms). */
async function waitFor<T>(check: () => T, message: string, timeout = 4000): Promise<NonNullable<T>> {
  const start = performance.now();
  let lastError: unknown;
  for (;;) {
    try {
      const value = check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() - start > timeout) {
      throw new Error(`Timed out waiting for ${message}${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function settled(el: Element | null | undefined): Promise<void> {
  await (el as LitLike | null | undefined)?.updateComplete;
}

/** The native <button> inside w3-button > w3-connect-button. */
function connectButton(): HTMLButtonElement | null {
  const w3Button = document.querySelector('w3-button');
  const connect = w3Button?.shadowRoot?.querySelector('w3-connect-button');
  return connect?.shadowRoot?.querySelector('button') ?? null;
}

const opened: CustomEvent<{ view: string }>[] = [];
const closed: CustomEvent[] = [];
let hookOpen: ReturnType<typeof useW3Modal>['open'] | undefined;

function Probe() {
  const state = useW3State();
  const modal = useW3Modal();
  const account = useW3Account();
  const { network, caipNetworkId } = useW3Network();
  hookOpen = modal.open;
  return (
    <output id="probe">
      {`open: ${String(state.open)}; view: ${state.view}; isOpen: ${String(modal.isOpen)}; ` +
        `account: ${account.status}/${String(account.isConnected)}; network: ${network?.name ?? '-'} ${caipNetworkId ?? '-'}`}
    </output>
  );
}

function App({ handlers = true }: { handlers?: boolean }) {
  return (
    <>
      <W3Button />
      <W3NetworkButton />
      <Probe />
      {handlers ? <W3Modal onW3Open={(e) => opened.push(e)} onW3Close={(e) => closed.push(e)} /> : <W3Modal />}
    </>
  );
}

const probeText = (): string => document.getElementById('probe')?.textContent ?? '';

describe('React wrappers', () => {
  let container: HTMLDivElement;
  let root: Root;

  before(async () => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    flushSync(() => root.render(<App />));
    // As the demo does: createW3Modal once the rendered <w3-modal> is mounted, so it binds to it.
    createW3Modal({
      networks: [offlineLocal.localhost, networks.mainnet, networks.sepolia],
      metadata: { name: 'w3kit React test' },
    });
    await settled(document.querySelector('w3-modal'));
    await settled(document.querySelector('w3-button'));
  });

  after(() => {
    root.unmount();
    container.remove();
  });

  it('renders the elements, and createW3Modal binds to the rendered <w3-modal>', async () => {
    expect(document.querySelectorAll('w3-modal')).to.have.length(1);
    expect(container.querySelector('w3-modal')).to.equal(document.querySelector('w3-modal'));
    const button = await waitFor(connectButton, 'the connect button');
    expect(button.textContent?.trim()).to.equal('Connect Wallet');
    const networkButton = container.querySelector('w3-network-button');
    await settled(networkButton);
    expect(networkButton?.shadowRoot?.textContent).to.contain('Localhost');
  });

  it('the hooks show the initial state', async () => {
    await waitFor(() => probeText().includes('open: false'), 'the probe');
    expect(probeText()).to.contain('isOpen: false');
    expect(probeText()).to.contain('account: disconnected/false');
    expect(probeText()).to.contain('network: Localhost eip155:31337');
  });

  it('clicking the connect button opens the modal and calls onW3Open', async () => {
    connectButton()!.click();
    await waitFor(() => opened.length === 1, 'onW3Open');
    expect(opened[0]).to.be.instanceOf(CustomEvent);
    expect(opened[0]!.type).to.equal('w3-open');
    expect(opened[0]!.detail).to.deep.equal({ view: 'Connect' });
    const modal = await waitFor(() => document.querySelector('w3-modal[open]'), 'w3-modal[open]');
    await settled(modal);
    // The dialog's shell is a lazy chunk (prefetched when idle): on a first open it may still be on its way.
    await waitFor(() => modal.shadowRoot?.querySelector('[role="dialog"]'), 'the dialog');
    await waitFor(() => probeText().includes('open: true'), 'useW3State open: true');
    expect(probeText()).to.contain('isOpen: true');
    expect(probeText()).to.contain('view: Connect');
  });

  it('Escape closes the modal and calls onW3Close', async () => {
    await sendKeys({ press: 'Escape' });
    await waitFor(() => closed.length === 1, 'onW3Close');
    expect(closed[0]!.type).to.equal('w3-close');
    await waitFor(() => !document.querySelector('w3-modal[open]'), 'w3-modal without [open]');
    await waitFor(() => probeText().includes('open: false'), 'useW3State open: false');
    expect(probeText()).to.contain('isOpen: false');
  });

  it("useW3Modal().open and the instance's close round-trip through the events", async () => {
    await hookOpen!({ view: 'WhatIsAWallet' });
    expect(opened).to.have.length(2);
    expect(opened[1]!.detail).to.deep.equal({ view: 'WhatIsAWallet' });
    await waitFor(() => probeText().includes('view: WhatIsAWallet'), 'useW3State view');
    document.querySelector('w3-modal')!.modal.close();
    await waitFor(() => closed.length === 2, 'second onW3Close');
    await waitFor(() => probeText().includes('open: false'), 'useW3State open: false');
  });

  it('removed handlers are no longer called', async () => {
    const modal = document.querySelector('w3-modal')!;
    flushSync(() => root.render(<App handlers={false} />));
    expect(document.querySelector('w3-modal')).to.equal(modal); // same element, listeners removed
    await modal.modal.open();
    modal.modal.close();
    await settled(modal);
    expect(opened).to.have.length(2);
    expect(closed).to.have.length(2);
  });
});
