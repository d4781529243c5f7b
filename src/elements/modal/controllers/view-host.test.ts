import { expect } from 'chai';
import { html, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ViewName } from '../../../core/views.js';
import { W3Element } from '../../base/w3-element.js';
import { StepFocusController } from '../../base/step-focus.js';
import { activeDeep, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { ViewHostController, type ViewLoader } from './view-host.js';

class ViewOne extends W3Element {
  static override readonly tagName = 'w3-test-one-view';
  override render(): TemplateResult {
    return html`one`;
  }
}
class ViewTwo extends W3Element {
  static override readonly tagName = 'w3-test-two-view';
  override render(): TemplateResult {
    return html`two`;
  }
}

/** A view with two steps (a form, then its review), opted in to step focus. */
class SteppedView extends W3Element {
  static override readonly tagName = 'w3-test-stepped-view';
  @state() step: 'form' | 'review' = 'form';
  readonly stepFocus = new StepFocusController(this, () => this.step);
  override render(): TemplateResult {
    return this.step === 'form'
      ? html`<input aria-label="Amount" data-step-focus /><button @click=${() => (this.step = 'review')}>Preview</button>`
      : html`<h3 tabindex="-1" data-step-focus>Review</h3>
          <button @click=${() => (this.step = 'form')}>Back</button>`;
  }
}

/** A view defined before any route needs it, as a prefetch of its chunk does (the All Wallets view's tag). */
class PrefetchedView extends W3Element {
  static override readonly tagName = 'w3-all-wallets-view';
  override render(): TemplateResult {
    return html`all`;
  }
}
PrefetchedView.define();

/** A loader that resolves when the test says so, counting its calls. */
function deferredLoader(ViewClass: typeof W3Element): ViewLoader & { calls: number; resolve(): void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  const load = Object.assign(
    async () => {
      load.calls++;
      await gate;
      ViewClass.define();
      return { default: ViewClass };
    },
    { calls: 0, resolve: () => release() },
  );
  return load;
}

class ViewHostHost extends W3Element {
  static override readonly tagName = 'w3-test-view-host';
  @property({ type: Boolean }) open = false;
  @property({ attribute: false }) route: { view: ViewName } = { view: 'Connect' };
  log: string[] = [];
  /** What `ready` answers: a promise while something (the registry's lazy rules) still loads. */
  pending: Promise<unknown> | undefined;
  loaders = {
    Connect: deferredLoader(ViewOne),
    Account: deferredLoader(ViewTwo),
    WalletSend: deferredLoader(SteppedView),
    AllWallets: deferredLoader(PrefetchedView),
  };
  readonly viewHost = new ViewHostController(this, {
    loaders: this.loaders,
    active: () => this.open,
    route: () => this.route,
    beforeChange: () => this.log.push(`before:${this.route.view}`),
    shown: (view, first) => this.log.push(`shown:${view}:${first ? 'first' : 'next'}`),
    ready: () => this.pending,
  });

  override render(): TemplateResult {
    return html`<div class="view">${this.viewHost.element}</div>`;
  }

  get shownTag(): string | undefined {
    return this.renderRoot.querySelector('.view')?.firstElementChild?.localName;
  }
}
ViewHostHost.define();

async function mount(): Promise<ViewHostHost> {
  const host = document.createElement(ViewHostHost.tagName) as ViewHostHost;
  document.body.append(host);
  await host.updateComplete;
  return host;
}

/** A host showing the stepped view, rendered. */
async function openStepped(): Promise<SteppedView> {
  const host = await mount();
  host.loaders.WalletSend.resolve();
  host.open = true;
  host.route = { view: 'WalletSend' };
  const view = await waitFor(() => host.renderRoot.querySelector<SteppedView>('w3-test-stepped-view'), 2000, 'the view');
  await view.updateComplete;
  return view;
}

describe('ViewHostController', () => {
  afterEach(() => resetAll());

  it('loads the route view once active, renders it, and reports it shown (first, then next)', async () => {
    const host = await mount();
    expect(host.loaders.Connect.calls).to.equal(0);
    host.open = true;
    await host.updateComplete;
    expect(host.viewHost.element).to.equal(undefined);
    host.loaders.Connect.resolve();
    await waitFor(() => host.log.includes('shown:Connect:first'), 2000, 'Connect shown');
    expect(host.shownTag).to.equal('w3-test-one-view');
    host.loaders.Account.resolve();
    host.route = { view: 'Account' };
    await waitFor(() => host.log.includes('shown:Account:next'), 2000, 'Account shown');
    expect(host.shownTag).to.equal('w3-test-two-view');
    expect(host.log).to.deep.equal(['before:Connect', 'shown:Connect:first', 'before:Account', 'shown:Account:next']);
  });

  it('creates a fresh element per route at once once its class is loaded, and none while inactive', async () => {
    const host = await mount();
    host.loaders.Connect.resolve();
    host.open = true;
    await waitFor(() => host.shownTag === 'w3-test-one-view', 2000, 'first element');
    const first = host.viewHost.element;
    host.route = { view: 'Connect' };
    await host.updateComplete;
    expect(host.viewHost.element).to.not.equal(first);
    expect(host.shownTag).to.equal('w3-test-one-view');
    expect(host.loaders.Connect.calls).to.equal(1);
    host.open = false;
    await host.updateComplete;
    expect(host.viewHost.element).to.equal(undefined);
    expect(host.shownTag).to.equal(undefined);
  });

  it('creates at once a view whose element a prefetch of its chunk defined, without waiting for its loader', async () => {
    const host = await mount();
    host.loaders.Connect.resolve();
    host.open = true;
    await waitFor(() => host.shownTag === 'w3-test-one-view', 2000, 'Connect');
    // 'w3-all-wallets-view' is defined (its chunk prefetched); its loader never resolves.
    host.route = { view: 'AllWallets' };
    await host.updateComplete;
    expect(host.loaders.AllWallets.calls).to.equal(0);
    expect(host.shownTag).to.equal('w3-all-wallets-view');
  });

  it('waits for what `ready` still loads (lazy rules) before creating a view, even one whose class is loaded', async () => {
    const host = await mount();
    host.loaders.Connect.resolve();
    let release: () => void = () => undefined;
    host.pending = new Promise<void>((r) => (release = r));
    host.open = true;
    await host.loaders.Connect();
    await host.updateComplete;
    expect(host.shownTag).to.equal(undefined);
    release();
    host.pending = undefined;
    await waitFor(() => host.shownTag === 'w3-test-one-view', 2000, 'shown once ready');
    host.pending = new Promise<void>((r) => (release = r));
    host.route = { view: 'Connect' };
    await host.updateComplete;
    expect(host.viewHost.element).to.equal(undefined);
    release();
    host.pending = undefined;
    await waitFor(() => host.shownTag === 'w3-test-one-view', 2000, 'the loaded class waited too');
  });

  it('drops a view whose class arrives after the route moved on', async () => {
    const host = await mount();
    host.loaders.Account.resolve();
    host.open = true;
    await host.updateComplete;
    host.route = { view: 'Account' };
    await waitFor(() => host.shownTag === 'w3-test-two-view', 2000, 'Account');
    host.loaders.Connect.resolve();
    await host.loaders.Connect();
    await host.updateComplete;
    expect(host.shownTag).to.equal('w3-test-two-view');
    expect(host.log.filter((l) => l.startsWith('shown'))).to.deep.equal(['shown:Account:first']);
  });

  it("focuses the element a view's new step marks (data-step-focus) when the view says its step changed, never the body", async () => {
    const view = await openStepped();
    const preview = view.shadowRoot!.querySelector('button')!;
    preview.focus();
    preview.click(); // the button pressed leaves the DOM with its step
    await waitFor(() => activeDeep()?.tagName === 'H3', 2000, 'focus on the Review heading');
    view.shadowRoot!.querySelector('button')!.click();
    await waitFor(() => activeDeep()?.getAttribute('aria-label') === 'Amount', 2000, 'focus on the form field');
    expect(document.activeElement).not.to.equal(document.body);
  });

  it('leaves the focus alone when an update keeps the step', async () => {
    const view = await openStepped();
    const preview = view.shadowRoot!.querySelector('button')!;
    preview.focus();
    view.requestUpdate();
    await view.updateComplete;
    expect(activeDeep()).to.equal(preview);
  });
});
