import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import { activeDeep, apiOptions, deep, mountModal, resetAll, sleep, waitFor } from '../../../../test/browser/helpers.js';

const tiles = (view: HTMLElement) => Array.from(view.shadowRoot!.querySelectorAll<HTMLButtonElement>('.tile'));
const focusedIndex = (): number => Number((activeDeep() as HTMLElement | null)?.dataset['index'] ?? -1);

describe('All Wallets grid by keyboard (real backend)', () => {
  beforeEach(resetAll);
  afterEach(resetAll);

  it('is one tab stop; arrows move by tile and by row, End reaches a tile not rendered yet, focus survives scrolling', async () => {
    const el = await mountModal(apiOptions());
    await el.modal.open({ view: 'AllWallets' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-all-wallets-view'), 10_000, 'all wallets view');
    await waitFor(() => tiles(view).length >= 16, 10_000, 'tiles');
    await sleep(100);
    expect(tiles(view).filter((t) => t.tabIndex === 0)).to.have.length(1);
    tiles(view)[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(focusedIndex()).to.equal(1);
    await sendKeys({ press: 'ArrowDown' });
    // Four tiles a row at the modal's width.
    expect(focusedIndex()).to.equal(5);
    await sendKeys({ press: 'ArrowLeft' });
    expect(focusedIndex()).to.equal(4);
    const loaded = Number(view.dataset['loaded']);
    await sendKeys({ press: 'End' });
    const last = await waitFor(() => focusedIndex() > 30 && focusedIndex(), 3000, 'End');
    expect(last).to.be.at.least(Math.min(loaded, 40) - 1);
    await sendKeys({ press: 'Home' });
    await waitFor(() => focusedIndex() === 0, 3000, 'Home');
    // Scroll the focused tile out of the DOM: focus stays in the grid, on a rendered tile.
    const grid = deep<HTMLElement>(view, '.grid')!;
    grid.scrollTop = 2000;
    await sleep(400);
    const active = activeDeep() as HTMLElement;
    expect(active.classList.contains('tile')).to.equal(true);
    expect(active.tabIndex).to.equal(0);
  });
});
