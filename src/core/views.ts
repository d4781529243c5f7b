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
  'ConnectSocials',
  'ConnectingSocial',
  'Passkeys',
  'SwapSelectToken',
  'SwapPreview',
  'OnRampBuy',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'BuyInProgress',
  'Devices',
  'CallsStatus',
] as const;

export type ViewName = (typeof VIEWS)[number];

export function isViewName(value: unknown): value is ViewName {
  return typeof value === 'string' && (VIEWS as readonly string[]).includes(value);
}
