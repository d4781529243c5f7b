import type { ViewName } from '../../core/views.js';
import type { FrameTask } from '../../stores/embedded/state.js';
import { msg } from '../base/localize.js';

/**
 * The modal header's title of a view, in the active locale; undefined for a view whose title
 * comes from its router data (a wallet's name, ConnectingSocial's provider).
 */
export function viewTitle(view: ViewName, task?: FrameTask): string | undefined {
  switch (view) {
    case 'Connect':
      return msg('Connect Wallet');
    case 'Account':
      return msg('Account', { desc: 'Title of the account view' });
    case 'AllWallets':
      return msg('All Wallets');
    case 'ConnectingWalletConnect':
    case 'ConnectingWalletConnectBasic':
      return 'WalletConnect';
    case 'ConnectingFarcaster':
      // A brand, named as it names itself.
      return 'Farcaster';
    case 'ConnectSocials':
      return msg('All socials');
    case 'ConnectingSocial':
      // The provider's name comes as router data; this shows only without it.
      return msg('Social login');
    case 'UnsupportedChain':
    case 'SwitchNetwork':
      return msg('Switch Network');
    case 'RegisterAccountName':
      return msg('Choose name');
    case 'RegisterAccountNameSuccess':
      return msg('Name registered');
    case 'EmailLogin':
      return msg('Email Login');
    case 'UpdateEmailWallet':
      return msg('Edit Email');
    case 'ProfileWallets':
      return msg('Wallets');
    case 'ApproveTransaction':
      // The frame shows more than approvals: the header says which of its screens is up.
      if (task?.kind === 'export') return msg('Export key');
      if (task?.kind === 'passkey') return msg('Passkeys');
      if (task?.kind === 'storage') return msg('Stay logged in');
      return msg('Approve Transaction');
    case 'SIWXSignMessage':
      return msg('Sign In', { desc: 'Title of the sign-in view' });
    case 'Swap':
      return msg('Swap', { desc: 'Title of the swap view' });
    case 'SwitchActiveChain':
      return msg('Switch Chain');
    case 'Networks':
      return msg('Choose Network');
    case 'WhatIsAWallet':
      return msg('What is a wallet?');
    case 'EmailVerifyOtp':
      return msg('Confirm Email');
    case 'EmailVerifyDevice':
      return msg('Register Device');
    case 'WalletSend':
      return msg('Send', { desc: 'Title of the send view' });
    case 'WalletReceive':
      return msg('Receive', { desc: 'Title of the receive view' });
    case 'OnRampProviders':
      return msg('Choose Provider');
    case 'OnRampBuy':
      return msg('Buy', { id: 'title-onramp-buy', desc: 'Title of the view where the user picks what to buy and how much' });
    case 'OnRampTokenSelect':
    case 'SwapSelectToken':
      return msg('Select token');
    case 'OnRampFiatSelect':
      return msg('Select currency');
    case 'BuyInProgress':
      return msg('Buy in progress');
    case 'SwapPreview':
      return msg('Review swap');
    case 'ApproveInWallet':
      return msg('Approve in your wallet');
    case 'GetWallet':
      return msg('Get a wallet');
    case 'Passkeys':
      return msg('Passkeys');
    case 'Devices':
      return msg('Devices');
    case 'CallsStatus':
      return msg('Calls status');
    default:
      return undefined;
  }
}
