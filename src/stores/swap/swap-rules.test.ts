import { describe, expect, it } from 'vitest';
import { ApiError, InvalidReplyError } from '../../api/errors.js';
import { WalletRequestError } from '../../core/errors.js';
import { NATIVE_TOKEN_ADDRESS } from '../../wire/convert-api.js';
import { $locale } from '../ui/locale.js';
import {
  amountProblem,
  parseSwapAmount,
  isNativeToken,
  maxAmount,
  minimumReceived,
  revertReason,
  slippageProblem,
  swapFailureDetail,
  unitPrice,
  type SwapTokenInfo,
} from './swap-rules.js';

const eth: SwapTokenInfo = {
  id: `eip155:31337:${NATIVE_TOKEN_ADDRESS}`,
  name: 'Ether',
  symbol: 'ETH',
  decimals: 18,
  logoUri: '',
  balance: '2',
  price: 3000,
};
const usdt: SwapTokenInfo = {
  ...eth,
  id: 'eip155:31337:0x00000000000000000000000000000000000000aa',
  symbol: 'DUSDT',
  decimals: 6,
  balance: '10.5',
};

describe('swap rules', () => {
  it('reads amounts into base units with the one amount parser; nothing typed is no amount yet', () => {
    expect(parseSwapAmount('1.5', usdt)).toEqual({ ok: true, units: 1_500_000n, value: '1.5' });
    expect(parseSwapAmount(' 3. ', usdt)).toEqual({ ok: true, units: 3_000_000n, value: '3' });
    expect(parseSwapAmount('', usdt)).toBeUndefined();
    expect(parseSwapAmount('1', undefined)).toBeUndefined();
  });

  it("reads '1,5' as 1.5 where the locale writes decimals with a comma, and refuses it elsewhere", () => {
    try {
      expect(amountProblem('1,5', usdt)).toBe('AMOUNT_NOT_A_NUMBER');
      $locale.set('pt-BR');
      expect(parseSwapAmount('1,5', usdt)).toEqual({ ok: true, units: 1_500_000n, value: '1.5' });
      expect(amountProblem('1,5', usdt)).toBeUndefined();
    } finally {
      $locale.set('en');
    }
  });

  it("names what is wrong with an amount in the parser's words: not a number, exponent, zero, too many decimals, above the balance", () => {
    expect(amountProblem('', usdt)).toBeUndefined();
    expect(amountProblem('abc', usdt)).toBe('AMOUNT_NOT_A_NUMBER');
    expect(amountProblem('1e3', usdt)).toBe('AMOUNT_EXPONENT');
    expect(amountProblem('-1', usdt)).toBe('AMOUNT_NEGATIVE');
    expect(amountProblem('0', usdt)).toBe('AMOUNT_ZERO');
    expect(amountProblem('0.0000001', usdt)).toBe('AMOUNT_DECIMALS');
    expect(amountProblem('10.5', usdt)).toBeUndefined();
    expect(amountProblem('10.500001', usdt)).toBe('INSUFFICIENT');
  });

  it('takes slippage from 0.1 to 50 with at most 2 decimals', () => {
    for (const ok of ['0.1', '1', '0.5', '49.99', '50']) expect(slippageProblem(ok), ok).toBeUndefined();
    for (const bad of ['0', '0.05', '50.01', '51', '100', 'abc', '', '-1', '1.234']) expect(slippageProblem(bad), bad).toBe('SLIPPAGE');
  });

  it('minimum received is toAmount × (1 − slippage/100), rounded down', () => {
    expect(minimumReceived(1000n, '1')).toBe(990n);
    expect(minimumReceived(1000n, '0.5')).toBe(995n);
    expect(minimumReceived(999n, '0.1')).toBe(998n);
    expect(minimumReceived(10n ** 18n, '50')).toBe(5n * 10n ** 17n);
  });

  it('the price of one from-token in to-tokens, across decimals', () => {
    const quote = { id: null, fromAmount: '2000000000000000000', fromAccount: eth.id, toAmount: '5000000', toAccount: usdt.id };
    expect(unitPrice(quote, eth, usdt)).toBe('2.5');
  });

  it('Max keeps gas back for the native coin only', () => {
    expect(isNativeToken(eth.id)).toBe(true);
    expect(isNativeToken(usdt.id)).toBe(false);
    expect(maxAmount(usdt, 10n)).toBe('10.5');
    // 2 swaps × 200,000 gas × 1 gwei = 0.0004 ETH
    expect(maxAmount(eth, 1_000_000_000n)).toBe('1.9996');
    expect(maxAmount({ ...eth, balance: '0.0001' }, 1_000_000_000n)).toBe('0');
  });

  it("finds the router's revert reason along an error's causes, else the route's refusal", () => {
    const node = new Error(
      "VM Exception while processing transaction: reverted with reason string 'UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'",
    );
    const wallet = new WalletRequestError('Internal JSON-RPC error', { cause: node });
    expect(revertReason(wallet)).toBe('UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT');
    expect(revertReason(new Error('execution reverted: UniswapV2: K'))).toBe('UniswapV2: K');
    expect(revertReason(new Error('User rejected the request'))).toBeUndefined();
    expect(revertReason(new WalletRequestError('failed', { cause: { code: -32603, message: 'execution reverted: UniswapV2: K' } }))).toBe(
      'UniswapV2: K',
    );
    expect(swapFailureDetail(new ApiError(400, { url: 'http://x/v1/convert/tokens', details: 'Network not supported for Swaps' }))).toBe(
      'Network not supported for Swaps',
    );
    expect(swapFailureDetail(new InvalidReplyError('http://x', '/v1/convert/quotes', 'bad'))).toBeUndefined();
  });
});
