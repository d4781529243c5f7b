import { expect } from 'chai';
import { pushView } from '../../../stores/ui/router.js';
import type { RegistryWallet } from '../../../stores/registry/wallet-list.js';
import { walletEntry } from '../../../test-utils/wallet-entry.js';
import { deep, deepAll, mountModal, resetAll, waitFor } from '../../../../test/browser/helpers.js';

/** A registry wallet whose every link field holds a dangerous scheme but the ones given. */
function shadyWallet(safe: Partial<RegistryWallet>): RegistryWallet {
  return {
    ...walletEntry('shady-wallet', {
      homepage: 'view-source:https://evil.example',
      mobile_link: 'intent://scan/#Intent;scheme=zxing;end',
      desktop_link: 'ms-msdt:/id PCWDiagnostic',
      webapp_link: 'search-ms:query=x',
      app_store: 'javascript:alert(1)',
      play_store: 'ms-officecmd://x',
      chrome_store: 'data:text/html,x',
      ...safe,
    }),
    imageUrl: '',
  };
}

describe('ConnectingWalletConnect wallet links', () => {
  beforeEach(() => resetAll());
  afterEach(() => resetAll());

  it('renders only https: and wallet app links, never dangerous schemes', async () => {
    const el = await mountModal();
    await el.modal.open();
    const wallet = shadyWallet({ mobile_link: 'shady://', app_store: 'https://apps.apple.com/app/id1' });
    pushView('ConnectingWalletConnect', { walletId: wallet.id, title: wallet.name, wallet });
    const view = await waitFor(() => deep<HTMLElement>(el, 'w3-connecting-wallet-connect-view'), 3000, 'the view');
    await waitFor(() => deepAll<HTMLAnchorElement>(view, 'a').length > 0, 3000, 'its links');
    const hrefs = deepAll<HTMLAnchorElement>(view, 'a').map((a) => a.getAttribute('href'));
    expect(hrefs).to.deep.equal(['shady://', 'https://apps.apple.com/app/id1']);
  });
});
