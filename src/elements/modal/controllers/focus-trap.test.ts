import { expect } from 'chai';
import { html, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { sendKeys } from '@web/test-runner-commands';
import { W3Element } from '../../base/w3-element.js';
import { activeDeep, resetAll } from '../../../../test/browser/helpers.js';
import { FocusTrapController } from './focus-trap.js';

class FocusTrapHost extends W3Element {
  static override readonly tagName = 'w3-test-focus-trap-host';
  @property({ type: Boolean }) open = false;
  escapes = 0;
  readonly trap = new FocusTrapController(this, {
    active: () => this.open,
    container: () => this.renderRoot.querySelector<HTMLElement>('.dialog') ?? undefined,
    initial: () => this.renderRoot.querySelector<HTMLElement>('.view') ?? undefined,
    onEscape: () => {
      this.escapes++;
      this.open = false;
    },
  });

  override render(): TemplateResult {
    return this.open
      ? html`<div class="dialog" tabindex="-1">
          <button>Header</button>
          <div class="view"><button>A</button><button>B</button></div>
          <button>C</button>
        </div>`
      : html``;
  }
}
FocusTrapHost.define();

async function mount(): Promise<{ host: FocusTrapHost; opener: HTMLButtonElement }> {
  const opener = document.createElement('button');
  opener.textContent = 'Opener';
  const host = document.createElement(FocusTrapHost.tagName) as FocusTrapHost;
  document.body.append(opener, host);
  opener.focus();
  host.open = true;
  await host.updateComplete;
  return { host, opener };
}

const focusedText = (): string | null | undefined => activeDeep()?.textContent;

describe('FocusTrapController', () => {
  afterEach(() => resetAll());

  it('focuses the first tabbable of the view, cycles Tab and Shift+Tab inside, and gives focus back on close', async () => {
    const { host, opener } = await mount();
    host.trap.focusFirst();
    expect(focusedText()).to.equal('A');
    const seen: (string | null | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      await sendKeys({ press: 'Tab' });
      seen.push(focusedText());
    }
    expect(seen).to.deep.equal(['B', 'C', 'Header', 'A']);
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(focusedText()).to.equal('C');
    await sendKeys({ press: 'Tab' });
    expect(focusedText()).to.equal('B');
    await sendKeys({ up: 'Shift' });
    host.open = false;
    await host.updateComplete;
    expect(document.activeElement).to.equal(opener);
  });

  it('calls onEscape for Escape while active, and pulls focus that leaves the host back in', async () => {
    const { host, opener } = await mount();
    host.trap.focusFirst();
    expect(focusedText()).to.equal('A');
    opener.focus();
    expect(focusedText()).to.equal('A');
    await sendKeys({ press: 'Escape' });
    expect(host.escapes).to.equal(1);
    await host.updateComplete;
    opener.focus();
    await sendKeys({ press: 'Escape' });
    expect(focusedText()).to.equal('Opener');
    expect(host.escapes).to.equal(1);
  });

  it('with two traps active, only the top-most (connected last) acts, and pulling focus back does not recurse', async () => {
    const errors: unknown[] = [];
    const onError = (e: ErrorEvent): void => {
      errors.push(e.error ?? e.message);
      e.preventDefault();
    };
    window.addEventListener('error', onError);
    try {
      const { host: lower, opener } = await mount();
      const { host: upper } = await mount();
      lower.trap.focusFirst();
      opener.focus();
      await sendKeys({ press: 'Tab' });
      await sendKeys({ press: 'Escape' });
      expect(errors).to.deep.equal([]);
      expect(upper.escapes).to.equal(1);
      expect(lower.escapes).to.equal(0);
      await upper.updateComplete;
      opener.focus();
      expect(lower.shadowRoot!.contains(activeDeep())).to.equal(true);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('stops listening when the host disconnects', async () => {
    const { host, opener } = await mount();
    host.remove();
    opener.focus();
    await sendKeys({ press: 'Escape' });
    expect(host.escapes).to.equal(0);
    expect(focusedText()).to.equal('Opener');
  });
});
