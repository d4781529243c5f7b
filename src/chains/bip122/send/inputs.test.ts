/**
 * A send's inputs, refused by name before any request: amounts (sats as a bigint, BTC as a
 * decimal string), addresses per network (BIP-173/350 and base58 vectors), fee rates from
 * Esplora's estimates, and coin selection's dust, change and insufficient-funds rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAddress, parsePaymentAddress } from './address.js';
import { formatBtc, parseAmount } from './amount.js';
import { loadBtcSigner } from './btc-signer.js';
import { refusalCode } from './esplora.js';
import { feeRates } from './fees.js';
import { netOfCaip2 } from './networks.js';
import { selectCoins, type Coin } from './select.js';
import { DUST_LIMIT, estimateVsize } from './size.js';

beforeAll(() => loadBtcSigner().then(() => undefined));

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: unknown }).code;
  }
  return 'no error';
};

describe('parseAmount', () => {
  it('takes sats as a bigint and BTC as a decimal string', () => {
    expect(parseAmount(1n)).toBe(1n);
    expect(parseAmount('0.001')).toBe(100_000n);
    expect(parseAmount('1')).toBe(100_000_000n);
    expect(parseAmount(' .5 ')).toBe(50_000_000n);
    expect(parseAmount('0.00000001')).toBe(1n);
    expect(parseAmount('0.100000000')).toBe(10_000_000n); // trailing zeros past 8 decimals are no precision
    expect(parseAmount('21000000')).toBe(2_100_000_000_000_000n);
    expect(formatBtc(100_000n)).toBe('0.001');
    expect(formatBtc(2_000_000_000n)).toBe('20');
  });

  it('refuses each wrong amount with its code', () => {
    expect(code(() => parseAmount('0.000000001'))).toBe('AMOUNT_TOO_PRECISE');
    expect(code(() => parseAmount('-0.1'))).toBe('AMOUNT_NEGATIVE');
    expect(code(() => parseAmount(-5n))).toBe('AMOUNT_NEGATIVE');
    expect(code(() => parseAmount('0'))).toBe('AMOUNT_ZERO');
    expect(code(() => parseAmount(0n))).toBe('AMOUNT_ZERO');
    expect(code(() => parseAmount('0.0'))).toBe('AMOUNT_ZERO');
    for (const bad of ['abc', '', '.', '1e3', '0x10', '1,5', '1.2.3', '--1', 0.1, 5, null, undefined, {}]) {
      expect(
        code(() => parseAmount(bad)),
        String(bad),
      ).toBe('AMOUNT_INVALID');
    }
    expect(code(() => parseAmount('21000000.00000001'))).toBe('AMOUNT_TOO_LARGE');
  });
});

const MAIN_WPKH = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const MAIN_TR = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
const TEST_WPKH = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const REGTEST_WPKH = 'bcrt1qpdqxnjuhq5z074ts537q2dq26cyd3pe6sdus5s';

describe('parseAddress', () => {
  it('reads P2WPKH, P2TR, P2WSH, P2PKH and P2SH receivers of the network', () => {
    expect(parseAddress(MAIN_WPKH, 'mainnet').type).toBe('p2wpkh');
    expect(parseAddress(MAIN_WPKH.toUpperCase(), 'mainnet')).toMatchObject({ type: 'p2wpkh', address: MAIN_WPKH });
    expect(parseAddress(MAIN_TR, 'mainnet').type).toBe('p2tr');
    expect(parseAddress('bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'mainnet').type).toBe('p2wsh');
    expect(parseAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet').type).toBe('p2pkh');
    expect(parseAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'mainnet').type).toBe('p2sh');
    expect(parseAddress(TEST_WPKH, 'testnet').type).toBe('p2wpkh');
    expect(parseAddress(TEST_WPKH, 'signet').type).toBe('p2wpkh');
    expect(parseAddress('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'testnet').type).toBe('p2pkh');
    expect(parseAddress('2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc', 'testnet').type).toBe('p2sh');
    expect(parseAddress(REGTEST_WPKH, 'regtest').script).toHaveLength(22);
  });

  it('refuses an address of another network by its name', () => {
    const wrong = (address: string, net: Parameters<typeof parseAddress>[1]) => {
      try {
        parseAddress(address, net);
      } catch (err) {
        return [
          (err as { code: string }).code,
          (err as { facts: { addressNetwork?: string } }).facts.addressNetwork,
          (err as Error).message,
        ];
      }
      return [];
    };
    expect(wrong(MAIN_WPKH, 'regtest')).toEqual([
      'ADDRESS_WRONG_NETWORK',
      'mainnet',
      expect.stringContaining('is a Bitcoin mainnet address, not a Bitcoin regtest one'),
    ]);
    expect(wrong(TEST_WPKH, 'mainnet')).toEqual(['ADDRESS_WRONG_NETWORK', 'testnet', expect.stringContaining('Bitcoin testnet')]);
    expect(wrong(REGTEST_WPKH, 'testnet')).toEqual(['ADDRESS_WRONG_NETWORK', 'regtest', expect.stringContaining('Bitcoin regtest')]);
    expect(wrong('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'testnet')[0]).toBe('ADDRESS_WRONG_NETWORK');
  });

  it('refuses what is not an address, and a paying account that is not P2WPKH or P2TR', () => {
    for (const bad of ['', 'hello', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5', 'bc1' + 'q'.repeat(120), 42, undefined]) {
      expect(
        code(() => parseAddress(bad, 'mainnet')),
        String(bad),
      ).toBe('ADDRESS_INVALID');
    }
    expect(code(() => parsePaymentAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'mainnet'))).toBe('ADDRESS_UNSUPPORTED');
    expect(parsePaymentAddress(MAIN_TR, 'mainnet').type).toBe('p2tr');
  });
});

describe('networks and refusal texts', () => {
  it('knows the four networks by CAIP-2 id, and nothing else', () => {
    expect(netOfCaip2('bip122:000000000019d6689c085ae165831e93')).toBe('mainnet');
    expect(netOfCaip2('bip122:000000000933ea01ad0ee984209779ba')).toBe('testnet');
    expect(netOfCaip2('bip122:00000008819873e925422c1ff0f99f7c')).toBe('signet');
    expect(netOfCaip2('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')).toBe('regtest');
    expect(netOfCaip2('bip122:ffff')).toBeUndefined();
    expect(netOfCaip2('toString')).toBeUndefined();
  });

  it("maps mempool.space's and bitcoind's refusal texts to codes", () => {
    expect(refusalCode('sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met, 100 < 141"}')).toBe('TX_FEE_TOO_LOW');
    expect(refusalCode('sendrawtransaction RPC error: {"code":-26,"message":"mempool min fee not met"}')).toBe('TX_FEE_TOO_LOW');
    expect(refusalCode('sendrawtransaction RPC error: {"code":-25,"message":"bad-txns-inputs-missingorspent"}')).toBe('TX_INPUTS_SPENT');
    expect(refusalCode('sendrawtransaction RPC error: {"code":-26,"message":"txn-mempool-conflict"}')).toBe('TX_INPUTS_SPENT');
    expect(refusalCode('sendrawtransaction RPC error: {"code":-26,"message":"dust"}')).toBe('TX_DUST');
    expect(refusalCode('sendrawtransaction RPC error: {"code":-27,"message":"Transaction already in block chain"}')).toBe(
      'TX_ALREADY_KNOWN',
    );
    expect(refusalCode('non-mandatory-script-verify-flag (Invalid Schnorr signature)')).toBe('TX_BAD_SIGNATURE');
    expect(refusalCode('something else')).toBe('TX_REFUSED');
  });
});

describe('feeRates', () => {
  it('aims at 6, 3 and 1 blocks, falls back to the nearest faster target, keeps the order and the bounds', () => {
    expect(feeRates({ '1': 20, '3': 10, '6': 5, '144': 1 })).toEqual({ slow: 5, normal: 10, fast: 20 });
    expect(feeRates({ '2': 12.5, '5': 4.2, '144': 1 })).toEqual({ slow: 4.2, normal: 12.5, fast: 12.5 });
    expect(feeRates({ '144': 0.5 })).toEqual({ slow: 1, normal: 1, fast: 1 });
    expect(feeRates({})).toEqual({ slow: 1, normal: 2, fast: 4 });
    expect(feeRates({ x: 3, '-1': 9, '2': -1 })).toEqual({ slow: 1, normal: 2, fast: 4 });
    expect(feeRates({ '1': 1e9, '6': 2 })).toEqual({ slow: 2, normal: 5_000, fast: 5_000 });
  });
});

describe('selectCoins', () => {
  const coin = (value: bigint, confirmed = true, n = 0): Coin => ({ txid: n.toString(16).padStart(64, '0'), vout: 0, value, confirmed });
  const base = { feeRate: 2, accountType: 'p2wpkh' as const, receiverType: 'p2wpkh' as const };

  it('spends confirmed coins first, largest first, and sends the change back', () => {
    const s = selectCoins({ ...base, amount: 30_000n, coins: [coin(20_000n, true, 1), coin(100_000n, false, 2), coin(50_000n, true, 3)] });
    expect(s.inputs.map((c) => c.value)).toEqual([50_000n]);
    expect(s.vsize).toBe(estimateVsize('p2wpkh', 1, ['p2wpkh', 'p2wpkh']));
    expect(s.fee).toBe(BigInt(s.vsize * 2));
    expect(s.change).toBe(50_000n - 30_000n - s.fee);
  });

  it('leaves change under the dust limit to the fee', () => {
    const noChange = estimateVsize('p2wpkh', 1, ['p2wpkh']);
    const s = selectCoins({ ...base, amount: 10_000n, coins: [coin(10_000n + BigInt(noChange * 2) + 200n)] });
    expect(s.change).toBe(0n);
    expect(s.fee).toBe(BigInt(noChange * 2) + 200n);
  });

  it('refuses a dust amount, and funds that cannot pay the amount and the fee, saying what was needed', () => {
    expect(code(() => selectCoins({ ...base, amount: DUST_LIMIT.p2wpkh - 1n, coins: [coin(1_000_000n)] }))).toBe('AMOUNT_DUST');
    expect(code(() => selectCoins({ ...base, receiverType: 'p2pkh', amount: 545n, coins: [coin(1_000_000n)] }))).toBe('AMOUNT_DUST');
    try {
      selectCoins({ ...base, amount: 10_000n, coins: [coin(6_000n, true, 1), coin(4_000n, true, 2)] });
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({
        code: 'INSUFFICIENT_FUNDS',
        facts: { available: 10_000n, needed: 10_000n + BigInt(estimateVsize('p2wpkh', 2, ['p2wpkh']) * 2) },
      });
    }
  });
});
