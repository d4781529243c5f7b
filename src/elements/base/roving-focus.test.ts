import { expect } from 'chai';
import { html, LitElement } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { activeDeep, mountFixture, resetAll } from '../../../test/browser/helpers.js';
import { RovingFocusController, type RovingOrientation } from './roving-focus.js';

/** A host with one list of `count` buttons, laid out in rows of three for the grid. */
function defineHost(tag: string, orientation: RovingOrientation): void {
  if (customElements.get(tag)) return;
  class Host extends LitElement {
    static override properties = { count: { type: Number } };
    count = 7;
    readonly roving = new RovingFocusController(this, { lists: 'ul', items: ':scope > li > button', orientation });
    override render() {
      const items = Array.from({ length: this.count }, (_, i) => html`<li><button type="button">${i}</button></li>`);
      return html`<ul style="display:grid;grid-template-columns:repeat(3,40px);list-style:none">
          ${items}
        </ul>
        <button type="button" class="after">after</button>`;
    }
  }
  customElements.define(tag, Host);
}

const focused = (): string | undefined => activeDeep()?.textContent ?? undefined;
const press = async (...keys: string[]): Promise<void> => {
  for (const key of keys) await sendKeys({ press: key });
};

describe('RovingFocusController', () => {
  before(() => {
    defineHost('test-roving-list', 'vertical');
    defineHost('test-roving-grid', 'grid');
  });
  afterEach(() => resetAll());

  it('makes a list one tab stop; ArrowUp/Down, Home and End move focus and the tab stop', async () => {
    const el = await mountFixture('<test-roving-list></test-roving-list>');
    await el.updateComplete;
    const buttons = Array.from(el.shadowRoot!.querySelectorAll<HTMLButtonElement>('li > button'));
    expect(buttons.map((b) => b.tabIndex)).to.deep.equal([0, -1, -1, -1, -1, -1, -1]);
    buttons[0]!.focus();
    await press('ArrowDown');
    expect(focused()).to.equal('1');
    await press('ArrowDown', 'ArrowDown');
    expect(focused()).to.equal('3');
    await press('ArrowUp');
    expect(focused()).to.equal('2');
    await press('End');
    expect(focused()).to.equal('6');
    await press('ArrowDown');
    expect(focused()).to.equal('6');
    await press('Home');
    expect(focused()).to.equal('0');
    await press('ArrowRight');
    expect(focused()).to.equal('0');
    await press('End');
    expect(buttons.map((b) => b.tabIndex)).to.deep.equal([-1, -1, -1, -1, -1, -1, 0]);
    // Tab leaves the list; Shift+Tab comes back to the item that had focus.
    await press('Tab');
    expect(focused()).to.equal('after');
    await sendKeys({ down: 'Shift' });
    await press('Tab');
    await sendKeys({ up: 'Shift' });
    expect(focused()).to.equal('6');
  });

  it('moves by rows in a grid with all four arrows, and swaps Left and Right right to left', async () => {
    const el = await mountFixture('<test-roving-grid></test-roving-grid>');
    await el.updateComplete;
    el.shadowRoot!.querySelector<HTMLButtonElement>('li > button')!.focus();
    await press('ArrowRight');
    expect(focused()).to.equal('1');
    await press('ArrowDown');
    expect(focused()).to.equal('4');
    await press('ArrowLeft');
    expect(focused()).to.equal('3');
    await press('ArrowUp');
    expect(focused()).to.equal('0');
    await press('End');
    expect(focused()).to.equal('6');
    el.setAttribute('dir', 'rtl');
    await press('Home', 'ArrowLeft');
    expect(focused()).to.equal('1');
    await press('ArrowRight');
    expect(focused()).to.equal('0');
  });
});
