/**
 * The shared part of a provider over a Wallet Standard wallet (./wallet-standard-link.ts), with
 * the real Bitcoin test wallet (test/fixtures/bitcoin-wallet.ts: real signatures, real
 * standard:events) and plain Wallet objects for the replies no test wallet gives.
 */
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { describe, expect, it } from 'vitest';
import { createBitcoinTestWallet } from '../../test/fixtures/bitcoin-wallet.js';
import { bytes, currentAccounts, first, linkStandardWallet, method } from './wallet-standard-link.js';

/** Any account with a string address is the namespace's here; a reply that is no list is refused. */
const readAccounts = (m: string, accounts: unknown): WalletAccount[] => {
  if (!Array.isArray(accounts)) throw new Error(`${m}: no list`);
  return accounts.filter((a) => typeof (a as WalletAccount | null)?.address === 'string');
};
const code = (err: unknown) => (err as { code?: unknown }).code;
const fail = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('linkStandardWallet', () => {
  it("connects, signs with the wallet's feature, follows its 'change' events and disconnects", async () => {
    const btc = createBitcoinTestWallet({ storageKey: false });
    const link = linkStandardWallet(btc.wallet, readAccounts);
    const reply = await method(btc.wallet, 'bitcoin:connect', 'connect')({ purposes: ['payment', 'ordinals'] });
    expect(link.remember('bitcoin:connect', (reply as { accounts: unknown }).accounts)).toEqual([btc.address, btc.ordinalsAddress]);
    const message = new TextEncoder().encode('hello');
    const signature = await link.sign(
      'bitcoin:signMessage',
      'signMessage',
      () => ({ account: link.account(btc.address), message }),
      'signature',
      1,
    );
    expect(signature.length).toBeGreaterThan(64);
    const seen: string[][] = [];
    const off = link.onAccountsChanged((list) => seen.push(list));
    btc.revoke();
    expect(seen).toEqual([[]]);
    off();
    btc.revoke();
    expect(seen).toEqual([[]]);
    await link.disconnect();
    expect(btc.wallet.accounts).toEqual([]);
  });

  it('an account the wallet does not have, a missing feature and a reply of the wrong shape are typed errors', async () => {
    const btc = createBitcoinTestWallet({ storageKey: false });
    const link = linkStandardWallet(btc.wallet, readAccounts);
    expect(() => link.account('bcrt1qnotmine')).toThrow('The wallet has no account bcrt1qnotmine');
    expect(code(await fail(link.sign('bitcoin:nothing', 'nothing', () => ({}), 'signature')))).toBe('MISSING_FEATURE');
    // The feature is looked up before the input is built: a missing feature wins over an unknown account.
    expect(code(await fail(link.sign('bitcoin:nothing', 'nothing', () => link.account('x'), 'signature')))).toBe('MISSING_FEATURE');
    await method(btc.wallet, 'bitcoin:connect', 'connect')();
    btc.setMode('garbage');
    const err = await fail(
      link.sign(
        'bitcoin:signMessage',
        'signMessage',
        () => ({ account: btc.wallet.accounts[0], message: new Uint8Array(1) }),
        'signature',
        1,
      ),
    );
    expect(err).toMatchObject({ code: 'MALFORMED_REPLY', shortMessage: 'The wallet answered bitcoin:signMessage with a malformed reply' });
    expect(() => first('m', [])).toThrow('The wallet answered m with a malformed reply');
    expect(bytes('m', new Uint8Array(0), 'signature')).toEqual(new Uint8Array(0));
    expect(() => bytes('m', new Uint8Array(0), 'signature', 1)).toThrow('The wallet answered m with a malformed reply');
  });

  it('keeps the accounts of the last connect for a wallet whose accounts getter lags or throws; no events and no disconnect are fine', async () => {
    const wallet = { version: '1.0.0', name: 'Lagging', icon: 'data:image/png;base64,AA==', chains: [], features: {} } as unknown as Wallet;
    Object.defineProperty(wallet, 'accounts', {
      get() {
        throw new Error('not yet');
      },
    });
    expect(currentAccounts(wallet)).toEqual([]);
    const link = linkStandardWallet(wallet, readAccounts);
    link.remember('connect', [{ address: 'a1' }, { nope: true }]);
    expect(link.account('a1')).toEqual({ address: 'a1' });
    expect(link.onAccountsChanged(() => undefined)()).toBe(undefined);
    await link.disconnect();
    expect(() => link.account('a1')).toThrow('The wallet has no account a1');
  });
});
