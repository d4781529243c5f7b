import { expect } from 'chai';
import { createW3Modal } from '../../create.js';
import { $modal } from '../../stores/ui/modal.js';
import { baseOptions, dialogOf, mountModal, resetAll, sleep, waitFor } from '../../../test/browser/helpers.js';
import type { W3Modal } from './modal.element.js';

/** Uncaught errors and console errors/warnings while a test runs. */
function collectProblems(): { errors: string[]; warnings: string[]; stop(): void } {
  const errors: string[] = [];
  const warnings: string[] = [];
  const onError = (e: ErrorEvent): void => {
    errors.push(String(e.error ?? e.message));
    e.preventDefault();
  };
  const { error, warn } = console;
  console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  window.addEventListener('error', onError);
  return {
    errors,
    warnings,
    stop() {
      window.removeEventListener('error', onError);
      console.error = error;
      console.warn = warn;
    },
  };
}

const modals = (): W3Modal[] => [...document.querySelectorAll('w3-modal')];
const openDialogs = (): HTMLElement[] => modals().flatMap((m) => dialogOf(m) ?? []);

/** Opens through the instance, then moves focus around the page as a visitor would. */
async function openAndMoveFocus(): Promise<void> {
  await createW3Modal(baseOptions()).open();
  await sleep(50);
  const outside = document.createElement('button');
  outside.textContent = 'Outside';
  document.body.prepend(outside);
  outside.focus();
  await sleep(50);
}

describe('one <w3-modal> per page', () => {
  let problems: ReturnType<typeof collectProblems>;
  beforeEach(() => {
    resetAll();
    problems = collectProblems();
  });
  afterEach(() => {
    problems.stop();
    resetAll();
  });

  it('createW3Modal first, the page places <w3-modal> later (a framework render): one modal, one dialog, no error', async () => {
    createW3Modal(baseOptions());
    await sleep(0); // the framework renders a task later
    const placed = document.createElement('w3-modal');
    const app = document.createElement('div');
    app.append(placed);
    document.body.append(app);
    await placed.updateComplete;
    expect(modals()).to.deep.equal([placed]);
    await openAndMoveFocus();
    expect(openDialogs()).to.have.length(1);
    expect(dialogOf(placed)).to.not.equal(null);
    expect(document.activeElement).to.equal(placed);
    expect(problems.errors).to.deep.equal([]);
    expect(problems.warnings).to.deep.equal([]);
  });

  it('the page places <w3-modal> first, then createW3Modal: it binds to it and appends none', async () => {
    const placed = await mountModal();
    createW3Modal(baseOptions());
    await sleep(0);
    expect(modals()).to.deep.equal([placed]);
    await openAndMoveFocus();
    expect(openDialogs()).to.have.length(1);
    expect(problems.errors).to.deep.equal([]);
  });

  it('createW3Modal appends its own when the page has none, and opening before that appends at once', async () => {
    createW3Modal(baseOptions());
    expect(modals()).to.have.length(0);
    await sleep(0);
    expect(modals()).to.have.length(1);
    resetAll();
    createW3Modal(baseOptions())
      .open()
      .catch(() => undefined);
    expect(modals()).to.have.length(1);
    await waitFor(() => $modal.get().shownView === 'Connect', 3000, 'Connect shown');
    expect(openDialogs()).to.have.length(1);
  });

  it('a <w3-modal> placed while the appended one is open takes over: still one dialog, no error', async () => {
    await openAndMoveFocus();
    const [appended] = modals();
    expect(dialogOf(appended!)).to.not.equal(null);
    const placed = document.createElement('w3-modal');
    document.body.append(placed);
    await waitFor(() => dialogOf(placed), 3000, 'the placed modal shows the dialog');
    expect(appended!.isConnected).to.equal(false);
    expect(modals()).to.deep.equal([placed]);
    (document.querySelector('button') as HTMLButtonElement).focus();
    await sleep(50);
    expect(openDialogs()).to.have.length(1);
    expect(problems.errors).to.deep.equal([]);
  });

  it('a second page <w3-modal> warns, naming itself, and stays inert; removing the first lets it take over', async () => {
    const first = await mountModal();
    const second = document.createElement('w3-modal');
    second.id = 'second-modal';
    const closes: Event[] = [];
    second.addEventListener('w3-close', (e) => closes.push(e));
    document.body.append(second);
    await second.updateComplete;
    expect(problems.warnings).to.have.length(1);
    expect(problems.warnings[0]).to.contain(`<w3-modal id="second-modal">`);
    await openAndMoveFocus();
    expect(openDialogs()).to.deep.equal([dialogOf(first)]);
    expect(problems.errors).to.deep.equal([]);
    first.remove();
    await waitFor(() => dialogOf(second), 3000, 'the second modal shows the dialog');
    second.modal.close();
    expect(closes).to.have.length(1);
  });
});
