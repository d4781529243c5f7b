import { expect } from 'chai';
import { render } from 'lit';
import { SOCIAL_PROVIDERS } from '../../../core/options.js';
import { SOCIAL_NAMES } from '../../../core/social-names.js';
import { $connectedWallet } from '../../../stores/connection/connectors.js';
import { axeViolations, connectAccount, deep, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';
import { socialIcon } from '../connect/social-icons.js';

/** The Account view's wallet row (the one that opens ProfileWallets). */
const walletRow = (view: HTMLElement) => deep<HTMLElement>(view, 'w3-ui-list-item:has(w3-ui-wallet-image, [data-wallet-social])')!;

async function openAccount(): Promise<HTMLElement> {
  const el = await mountModal();
  connectAccount();
  await el.modal.open({ view: 'Account' });
  return waitFor(() => deep<HTMLElement>(el, 'w3-account-view'), 3000, 'account view');
}

/** The social login button's mark for `provider`, as markup. */
function buttonGlyph(provider: (typeof SOCIAL_PROVIDERS)[number]): string {
  const div = document.createElement('div');
  render(socialIcon(provider, 22), div);
  const mark = div.querySelector<HTMLElement & { size: number }>('w3-ui-social-mark')!;
  return `${mark.getAttribute('provider')} ${mark.size}`;
}

describe('Account view, the wallet row after a social login (issue 32)', () => {
  beforeEach(() => resetAll());
  afterEach(() => resetAll());

  it("names the provider as its login button does, with the button's mark, for every provider", async () => {
    $connectedWallet.set({ name: 'Email', type: 'AUTH' });
    const view = await openAccount();
    for (const provider of SOCIAL_PROVIDERS) {
      $connectedWallet.set({ name: SOCIAL_NAMES[provider], type: 'AUTH', social: provider });
      const row = await waitFor(
        () => (deep(view, `[data-wallet-social="${provider}"]`) ? walletRow(view) : undefined),
        2000,
        `${provider}'s mark`,
      );
      expect(row.textContent!.trim()).to.equal(SOCIAL_NAMES[provider]);
      expect(row.querySelector('w3-ui-wallet-image')).to.equal(null);
      const mark = row.querySelector<HTMLElement & { size: number }>('[data-wallet-social] w3-ui-social-mark')!;
      // The button's mark, drawn at the rows' mark size (the tile's share: 29 of its 36 px).
      expect(`${mark.getAttribute('provider')} ${mark.size}`).to.equal(buttonGlyph(provider).replace(/ \d+$/, ' 29'));
    }
    expect(await axeViolations()).to.deep.equal([]);
  });

  it("an e-mail login's row stays 'Email' with the wallet image", async () => {
    $connectedWallet.set({ name: 'Email', type: 'AUTH' });
    const view = await openAccount();
    const row = walletRow(view);
    expect(row.textContent!.trim()).to.equal('Email');
    expect(row.querySelector('w3-ui-wallet-image')).to.not.equal(null);
    expect(row.querySelector('[data-wallet-social]')).to.equal(null);
  });
});
