import { decodeFunctionData, parseAbi } from 'viem';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadChainRules } from '../../chains/registry.js';
import { networks } from '../../wire/networks.js';
import { BALANCES, DUSD, RECEIVER } from '../../test-utils/blockchain-fixtures.js';
import { connectWithApi } from '../../test-utils/blockchain-setup.js';
import { solanaMainnet } from '../../test-utils/networks.js';
import { $tokenBalances, resetBalances, usableTokens } from '../portfolio/balances.js';
import { resetOptions } from '../app/options.js';
import { $locale } from '../ui/locale.js';
import {
  $send,
  $sendTokens,
  buildTransfer,
  resetSend,
  reviewSend,
  sendFieldErrors,
  sendTotals,
  setMaxAmount,
  setReceiver,
  setSendAmount,
  setSendToken,
  submitSend,
  validateSend,
  type SendState,
  type SendToken,
} from './send.js';
import { eip155Adapter, transferTransaction } from '../../chains/eip155/adapter.js';
import { setLiveSession } from '../connection/session-state.js';
import { closeModal, openModalOn } from '../ui/modal.js';
import { $toast, hideToast } from '../ui/toast.js';

/** The eip155 transaction a WalletSend transfer becomes. */
const sendTx = (...args: Parameters<typeof buildTransfer>) => transferTransaction(buildTransfer(...args));

const eth: SendToken = { name: 'Ether', symbol: 'ETH', decimals: 18, balance: '10', price: 3000, iconUrl: undefined };
const usdt: SendToken = { name: 'Tether', symbol: 'USDT', decimals: 6, contract: DUSD, balance: '50.5', price: 1, iconUrl: undefined };
const state = (patch: Partial<SendState>): SendState => ({ ...$send.get(), ...patch });

// Solana's rules are lazy: a connected Solana account has them (its adapter loaded them).
beforeAll(() => loadChainRules('solana'));

beforeEach(() => {
  connectWithApi('http://127.0.0.1:9');
  resetSend();
});
afterEach(() => {
  resetOptions();
  resetBalances();
});

describe('validateSend', () => {
  const localhost = networks.localhost;
  it('gives the spec messages in order', () => {
    expect(validateSend(state({ token: eth, receiver: RECEIVER }), localhost)).toBe('REQUIRED');
    expect(validateSend(state({ token: eth, amount: '1' }), localhost)).toBe('REQUIRED');
    expect(validateSend(state({ amount: '1', receiver: RECEIVER }), localhost)).toBe('TOKEN');
    expect(validateSend(state({ token: eth, amount: '1', receiver: RECEIVER }), localhost)).toBeUndefined();
  });

  it("the amount parser's reason for a bad amount, 'Invalid address' for a bad receiver, 'Insufficient funds' above the balance", () => {
    const base = { token: eth, amount: '1', receiver: RECEIVER };
    const reasons = {
      abc: 'AMOUNT_NOT_A_NUMBER',
      '-1': 'AMOUNT_NEGATIVE',
      '0': 'AMOUNT_ZERO',
      '1e3': 'AMOUNT_EXPONENT',
      '1.2.3': 'AMOUNT_NOT_A_NUMBER',
    };
    for (const [amount, reason] of Object.entries(reasons))
      expect(validateSend(state({ ...base, amount }), localhost), amount).toBe(reason);
    for (const receiver of ['0x123', 'vitalik', `${RECEIVER}00`])
      expect(validateSend(state({ ...base, receiver }), localhost)).toBe('ADDRESS');
    expect(validateSend(state({ ...base, receiver: RECEIVER.slice(2) }), localhost)).toBeUndefined();
    expect(validateSend(state({ ...base, token: usdt, amount: '1.0000001' }), localhost)).toBe('AMOUNT_DECIMALS');
    expect(validateSend(state({ ...base, amount: '10.000000000000000001' }), localhost)).toBe('INSUFFICIENT');
    expect(validateSend(state({ ...base, amount: '10' }), localhost)).toBeUndefined();
    // A bad receiver comes before too large an amount: both are wrong, the address is named first.
    expect(validateSend(state({ ...base, amount: '11', receiver: '0x123' }), localhost)).toBe('ADDRESS');
  });

  it('checks Solana receivers as base58 and refuses other namespaces', () => {
    const sol: SendToken = { ...eth, symbol: 'SOL', decimals: 9 };
    const base = { token: sol, amount: '1' };
    expect(validateSend(state({ ...base, receiver: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' }), solanaMainnet)).toBeUndefined();
    expect(validateSend(state({ ...base, receiver: RECEIVER }), solanaMainnet)).toBe('ADDRESS');
    const polkadot = { ...networks.localhost, chainNamespace: 'polkadot' as const, caipNetworkId: 'polkadot:x' as const };
    expect(validateSend(state({ ...base, receiver: RECEIVER }), polkadot)).toBe('UNSUPPORTED');
  });

  it("refuses '1e5' and more decimals than SOL has with their own reasons, and more lamports than a u64 holds", () => {
    const sol: SendToken = { ...eth, symbol: 'SOL', decimals: 9, balance: '100000000000' };
    const base = { token: sol, receiver: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' };
    expect(validateSend(state({ ...base, amount: '1e5' }), solanaMainnet)).toBe('AMOUNT_EXPONENT');
    expect(validateSend(state({ ...base, amount: '1.1234567891234' }), solanaMainnet)).toBe('AMOUNT_DECIMALS');
    expect(validateSend(state({ ...base, amount: '18446744074' }), solanaMainnet)).toBe('AMOUNT_TOO_LARGE');
    // The same amount of an EVM coin fits a uint256.
    const evm = { ...base, receiver: RECEIVER, token: { ...sol, balance: '1' }, amount: '18446744074' };
    expect(validateSend(state(evm), networks.localhost)).toBe('INSUFFICIENT');
  });
});

describe('sendFieldErrors', () => {
  const localhost = networks.localhost;
  it('marks the amount as it is typed: not an amount, or more than the balance', () => {
    expect(sendFieldErrors(state({ token: eth, amount: '' }), localhost)).toEqual({});
    expect(sendFieldErrors(state({ token: eth, amount: 'abc' }), localhost)).toEqual({ amount: 'AMOUNT_NOT_A_NUMBER' });
    expect(sendFieldErrors(state({ token: eth, amount: '0' }), localhost)).toEqual({ amount: 'AMOUNT_ZERO' });
    expect(sendFieldErrors(state({ token: eth, amount: '1e5' }), localhost)).toEqual({ amount: 'AMOUNT_EXPONENT' });
    expect(sendFieldErrors(state({ token: eth, amount: '10.5' }), localhost)).toEqual({ amount: 'INSUFFICIENT' });
    expect(sendFieldErrors(state({ token: eth, amount: '9.5' }), localhost)).toEqual({});
  });

  it('marks the receiver and empty fields once Preview was pressed', () => {
    const typed = state({ token: eth, amount: '1', receiver: '0x1234' });
    expect(sendFieldErrors(typed, localhost)).toEqual({});
    expect(sendFieldErrors({ ...typed, attempted: true }, localhost)).toEqual({ receiver: 'ADDRESS' });
    expect(sendFieldErrors({ ...typed, receiver: RECEIVER, attempted: true }, localhost)).toEqual({});
    expect(sendFieldErrors(state({ token: eth, attempted: true }), localhost)).toEqual({
      amount: 'AMOUNT_EMPTY',
      receiver: 'RECEIVER',
    });
    expect(sendFieldErrors({ ...typed, receiver: 'nobody.w3kit', receiverNameStatus: 'not-found', attempted: true }, localhost)).toEqual({
      receiver: 'NAME_NOT_FOUND',
    });
  });

  it("says 'Insufficient funds' while the amount is typed, before Preview", () => {
    setSendToken(eth);
    setSendAmount('1');
    expect(sendFieldErrors($send.get(), networks.localhost).amount).toBeUndefined();
    setSendAmount('11');
    expect($send.get().attempted).toBe(false);
    expect(sendFieldErrors($send.get(), networks.localhost).amount).toBe('INSUFFICIENT');
  });
});

describe('amounts typed in the active locale', () => {
  afterEach(() => $locale.set('en'));
  it("reads '1,5' as 1.5 in de, refuses it in en (a thousands separator there, never read as 1.5 or 15)", () => {
    const base = { token: eth, amount: '1,5', receiver: RECEIVER };
    expect(validateSend(state(base), networks.localhost)).toBe('AMOUNT_NOT_A_NUMBER');
    $locale.set('de');
    expect(validateSend(state(base), networks.localhost)).toBeUndefined();
    expect(buildTransfer(eth, RECEIVER, '1,5').amount).toBe(1_500_000_000_000_000_000n);
    expect(sendTotals(eth, '1,5', 0n, networks.localhost.nativeCurrency).total).toBe('1.5');
  });
});

describe('sendTotals', () => {
  const native = networks.localhost.nativeCurrency;
  it('adds the fee to a native amount; a token keeps its amount and the fee is in the native coin', () => {
    expect(sendTotals(eth, '0.5', 42_000_000_000_000n, native)).toEqual({ fee: '0.000042', total: '0.500042', insufficient: false });
    expect(sendTotals(usdt, '12.5', 65_000_000_000_000n, native)).toEqual({ fee: '0.000065', total: undefined, insufficient: false });
  });

  it('the whole balance plus the fee is more than the balance', () => {
    expect(sendTotals(eth, '10', 42_000_000_000_000n, native)).toMatchObject({ total: '10.000042', insufficient: true });
    expect(sendTotals(eth, '9.99', 42_000_000_000_000n, native).insufficient).toBe(false);
  });
});

describe('send transactions', () => {
  it('sends native coins as value, ERC-20s as transfer(to, amount) calldata to the token', () => {
    expect(sendTx(eth, RECEIVER.slice(2), '1.5')).toEqual({ to: RECEIVER, value: 1_500_000_000_000_000_000n });
    const tx = sendTx(usdt, RECEIVER, '12.25');
    expect(tx.to).toBe(DUSD);
    expect(tx.value).toBeUndefined();
    const decoded = decodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 amount)']), data: tx.data! });
    expect(decoded.args).toEqual([RECEIVER, 12_250_000n]);
  });

  it('lists the native coin (chain balance) and the tokens with a balance', () => {
    $tokenBalances.mutate({ tokens: usableTokens(BALANCES, 'eip155:31337'), unsupported: false });
    const tokens = $sendTokens.get();
    expect(tokens.map((t) => [t.symbol, t.balance, t.contract])).toEqual([
      ['ETH', '10', undefined],
      ['DUSD', '999.5', DUSD],
    ]);
  });

  it('reviewSend shows the preview only when valid; Max takes the whole balance', async () => {
    setSendToken(eth);
    setReceiver(RECEIVER);
    expect(await reviewSend()).toBe('REQUIRED');
    expect($send.get()).toMatchObject({ step: 'form', error: 'REQUIRED' });
    setMaxAmount();
    expect($send.get().amount).toBe('10');
    expect(await reviewSend()).toBeUndefined();
    expect($send.get().step).toBe('preview');
    setSendAmount('11');
    expect(await reviewSend()).toBe('INSUFFICIENT');
  });

  it('submitSend refuses an invalid state with the message and sends nothing', async () => {
    setSendToken(eth);
    await expect(submitSend()).rejects.toThrow('An amount and receiver address are required');
    expect($send.get().error).toBe('REQUIRED');
    setReceiver(RECEIVER);
    setSendToken({ ...eth, symbol: 'SOL', decimals: 9 });
    setSendAmount('1.1234567891234');
    await expect(submitSend()).rejects.toThrow('At most 9 decimals');
    expect($send.get().error).toBe('AMOUNT_DECIMALS');
  });
});

describe('a send the wallet refuses', () => {
  /** A wallet whose user presses Reject (EIP-1193 code 4001). */
  const refusing = {
    request: () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
  };
  beforeEach(() => {
    hideToast();
    setLiveSession('eip155', {
      namespace: 'eip155',
      connectorId: 'test',
      provider: refusing,
      adapter: eip155Adapter as never,
      stopEvents: () => undefined,
    });
    setSendToken(eth);
    setSendAmount('1');
    setReceiver(RECEIVER);
  });
  afterEach(() => {
    setLiveSession('eip155', undefined);
    closeModal();
    hideToast();
  });

  it('is said once: in the Review step while it is on screen, no toast as well', async () => {
    openModalOn('WalletSend');
    await expect(submitSend()).rejects.toMatchObject({ code: 4001 });
    expect($send.get()).toMatchObject({ loading: false, error: { code: 'SEND_FAILED' } });
    expect($toast.get().open).toBe(false);
  });

  it('in a toast when the view was left while the wallet was asked', async () => {
    closeModal();
    await expect(submitSend()).rejects.toMatchObject({ code: 4001 });
    expect($toast.get()).toMatchObject({ open: true, variant: 'error', message: { code: 'SEND_FAILED' } });
  });
});
