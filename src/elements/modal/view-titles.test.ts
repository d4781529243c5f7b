import { expect } from 'chai';
import { VIEWS } from '../../core/views.js';
import { setLocale } from '../../stores/ui/locale.js';
import { viewTitle } from './view-titles.js';

describe('viewTitle', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('keeps the English titles of the spec', () => {
    expect(viewTitle('Connect')).to.equal('Connect Wallet');
    expect(viewTitle('Networks')).to.equal('Choose Network');
    expect(viewTitle('AllWallets')).to.equal('All Wallets');
    expect(viewTitle('WhatIsAWallet')).to.equal('What is a wallet?');
    expect(viewTitle('ConnectingWalletConnect')).to.equal('WalletConnect');
    expect(viewTitle('ConnectingExternal')).to.equal(undefined);
    expect(viewTitle('Passkeys')).to.equal('Passkeys');
    expect(viewTitle('ConnectSocials')).to.equal('All socials');
    expect(viewTitle('ConnectingFarcaster')).to.equal('Farcaster');
    // ConnectingSocial is titled by the provider's name (router data); this is its fallback.
    expect(viewTitle('ConnectingSocial')).to.equal('Social login');
    // ApproveTransaction names the frame's screen that is up.
    expect(viewTitle('ApproveTransaction')).to.equal('Approve Transaction');
    expect(viewTitle('ApproveTransaction', { kind: 'rpc', namespace: 'eip155', method: 'personal_sign' })).to.equal('Approve Transaction');
    expect(viewTitle('ApproveTransaction', { kind: 'export' })).to.equal('Export key');
    expect(viewTitle('ApproveTransaction', { kind: 'passkey' })).to.equal('Passkeys');
  });

  it('titles every view but the one named by its wallet, in the active locale', async () => {
    await setLocale('en-XA');
    for (const view of VIEWS) {
      const title = viewTitle(view);
      if (view === 'ConnectingExternal') expect(title, view).to.equal(undefined);
      else if (/WalletConnect|Farcaster/.test(view)) expect(title, view).to.be.a('string');
      else expect(title, view).to.match(/^⟦.*⟧$/);
    }
  });
});
