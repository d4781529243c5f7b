/**
 * An installed wallet's tile in every locale (issue 28: in ja the two-line 'インストール済み' tag
 * squeezed the wallet's name out of its 96 px tile): the name shows whole-height, as it is, and
 * the tag fits on one line inside the tile.
 */
import { expect } from 'chai';
import { LOCALES } from '../../../core/locales.js';
import { PSEUDO_LOCALE } from '../../../core/locale-tags.js';
import { $connectors } from '../../../stores/connection/connectors.js';
import { setLocale } from '../../../stores/ui/locale.js';
import { apiOptions, deep, mountModal, nextFrame, resetAll, waitFor } from '../../../../test/browser/helpers.js';

const NAME = 'MetaMask';

describe('All Wallets: an installed tile in every locale', () => {
  beforeEach(() => resetAll());
  afterEach(async () => {
    await setLocale('en');
    resetAll();
  });

  it('shows the wallet name and a one-line tag inside the tile', async () => {
    $connectors.set([{ id: 'io.metamask', type: 'ANNOUNCED', name: NAME, chain: 'eip155', rdns: 'io.metamask' }]);
    const el = await mountModal(apiOptions());
    await el.modal.open({ view: 'AllWallets' });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-all-wallets-view'), 3000, 'All Wallets');
    const problems: string[] = [];
    for (const locale of [...LOCALES, PSEUDO_LOCALE]) {
      await setLocale(locale);
      const tile = await waitFor(() => deep<HTMLElement>(view, 'button.tile[data-wallet-id="c:io.metamask"]'), 3000, 'the tile');
      await (view as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      await nextFrame();
      const name = tile.querySelector<HTMLElement>('.name')!;
      const tag = tile.querySelector<HTMLElement>('.tag')!;
      const box = tile.getBoundingClientRect();
      const nameBox = name.getBoundingClientRect();
      const tagBox = tag.getBoundingClientRect();
      const lineHeight = parseFloat(getComputedStyle(name).fontSize) * 1.2;
      if (name.textContent !== NAME) problems.push(`${locale}: the name reads '${name.textContent}'`);
      if (nameBox.height < lineHeight - 0.5) problems.push(`${locale}: the name is ${nameBox.height} px high`);
      if (tagBox.bottom > box.bottom + 0.5 || nameBox.bottom > tagBox.top + 0.5)
        problems.push(`${locale}: the tag is not below the name in the tile`);
      if (tag.scrollWidth > tag.clientWidth + 0.5 || tagBox.height > lineHeight)
        problems.push(`${locale}: '${tag.textContent}' does not fit one line`);
    }
    expect(problems).to.deep.equal([]);
  });
});
