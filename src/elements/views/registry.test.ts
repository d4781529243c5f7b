import { expect } from 'chai';
import { VIEWS, type ViewName } from '../../core/views.js';
import { AVAILABLE_VIEWS } from './available.js';
import { VIEW_LOADERS } from './registry.js';

/** DESIGN.md: each view is an element named `w3-<view-in-kebab-case>-view`. */
const EXPECTED_TAGS: Partial<Record<ViewName, string>> = {
  Connect: 'w3-connect-view',
  Networks: 'w3-networks-view',
  WhatIsAWallet: 'w3-what-is-a-wallet-view',
  GetWallet: 'w3-get-wallet-view',
  Account: 'w3-account-view',
  ConnectingExternal: 'w3-connecting-external-view',
  SwitchNetwork: 'w3-switch-network-view',
  SwitchActiveChain: 'w3-switch-active-chain-view',
  UnsupportedChain: 'w3-unsupported-chain-view',
  ProfileWallets: 'w3-profile-wallets-view',
  AllWallets: 'w3-all-wallets-view',
  ConnectingWalletConnect: 'w3-connecting-wallet-connect-view',
  ConnectingWalletConnectBasic: 'w3-connecting-wallet-connect-basic-view',
  WalletReceive: 'w3-wallet-receive-view',
  WalletSend: 'w3-wallet-send-view',
  ApproveInWallet: 'w3-approve-in-wallet-view',
  EmailLogin: 'w3-email-login-view',
  EmailVerifyOtp: 'w3-email-verify-otp-view',
  EmailVerifyDevice: 'w3-email-verify-device-view',
  UpdateEmailWallet: 'w3-update-email-wallet-view',
  ApproveTransaction: 'w3-approve-transaction-view',
  Passkeys: 'w3-passkeys-view',
  Devices: 'w3-devices-view',
  ConnectSocials: 'w3-connect-socials-view',
  ConnectingSocial: 'w3-connecting-social-view',
  ConnectingFarcaster: 'w3-connecting-farcaster-view',
  SIWXSignMessage: 'w3-siwx-sign-message-view',
  Swap: 'w3-swap-view',
  SwapSelectToken: 'w3-swap-select-token-view',
  SwapPreview: 'w3-swap-preview-view',
  RegisterAccountName: 'w3-register-account-name-view',
  RegisterAccountNameSuccess: 'w3-register-account-name-success-view',
  OnRampProviders: 'w3-on-ramp-providers-view',
  OnRampBuy: 'w3-on-ramp-buy-view',
  OnRampTokenSelect: 'w3-on-ramp-token-select-view',
  OnRampFiatSelect: 'w3-on-ramp-fiat-select-view',
  BuyInProgress: 'w3-buy-in-progress-view',
  CallsStatus: 'w3-calls-status-view',
};

describe('view registry', () => {
  it('has a loader for known views only, and a tag expectation for each', () => {
    for (const view of Object.keys(VIEW_LOADERS)) expect(VIEWS as readonly string[]).to.include(view);
    expect(Object.keys(VIEW_LOADERS).sort()).to.deep.equal(Object.keys(EXPECTED_TAGS).sort());
    expect(Object.keys(VIEW_LOADERS).sort()).to.deep.equal([...AVAILABLE_VIEWS].sort());
  });

  it("loads each view's class, defined under its own w3-<view>-view tag", async () => {
    const tags = new Set<string>();
    for (const [view, load] of Object.entries(VIEW_LOADERS)) {
      const { default: ViewClass } = await load();
      expect(ViewClass.tagName, view).to.equal(EXPECTED_TAGS[view as ViewName]);
      expect(customElements.get(ViewClass.tagName), view).to.equal(ViewClass);
      tags.add(ViewClass.tagName);
    }
    expect(tags.size).to.equal(Object.keys(VIEW_LOADERS).length);
  });
});
