/**
 * Named views of the modal (spec section 2 plus DESIGN.md's additions). Each view is an element
 * named `w3-<view-in-kebab-case>-view`; the element class declares that tag (its static
 * `tagName`) and src/elements/views/registry.ts loads it by view name.
 */
export const VIEWS = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'ConnectingExternal',
  'ConnectingFarcaster',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'EmailLogin',
  'UpdateEmailWallet',
  'ProfileWallets',
  'ApproveTransaction',
  'SIWXSignMessage',
  'Swap',
  'SwitchNetwork',
  'SwitchActiveChain',
  'Networks',
  'WhatIsAWallet',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'WalletSend',
  'WalletReceive',
  'OnRampProviders',
  'ApproveInWallet',
  'GetWallet',
] as const;

export type ViewName = (typeof VIEWS)[number];

export function isViewName(value: unknown): value is ViewName {
  return typeof value === 'string' && (VIEWS as readonly string[]).includes(value);
}

/** Header titles; a view absent here takes a title from its router data (a wallet's name). */
export const VIEW_TITLES: Partial<Record<ViewName, string>> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  ConnectingWalletConnect: 'WalletConnect',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingFarcaster: 'Farcaster',
  UnsupportedChain: 'Switch Network',
  RegisterAccountName: 'Choose name',
  RegisterAccountNameSuccess: 'Name registered',
  EmailLogin: 'Email Login',
  UpdateEmailWallet: 'Edit Email',
  ProfileWallets: 'Wallets',
  ApproveTransaction: 'Approve Transaction',
  SIWXSignMessage: 'Sign In',
  Swap: 'Swap',
  SwitchNetwork: 'Switch Network',
  SwitchActiveChain: 'Switch Chain',
  Networks: 'Choose Network',
  WhatIsAWallet: 'What is a wallet?',
  EmailVerifyOtp: 'Confirm Email',
  EmailVerifyDevice: 'Register Device',
  WalletSend: 'Send',
  WalletReceive: 'Receive',
  OnRampProviders: 'Choose Provider',
  ApproveInWallet: 'Approve in your wallet',
  GetWallet: 'Get a wallet',
};
