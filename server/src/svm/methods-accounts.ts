/**
 * JSON-RPC methods that read accounts: getBalance, getAccountInfo, getMultipleAccounts,
 * getTokenAccountsByOwner, getTokenAccountBalance, getMinimumBalanceForRentExemption. Account
 * data comes as base64 or base58, or `jsonParsed` (SPL Token and Token-2022 mints and token
 * accounts parsed, any other account as base64, as a node does).
 */
import type { SvmChain } from './chain.js';
import { invalidParams } from './errors.js';
import type { StoredAccount } from './ledger.js';
import { checkCommon, config, oneOf, pubkey, uint, type Params } from './params.js';
import { base58Encode as encodeBase58 } from '../../../src/wire/base58.js';
import { parsedTokenData, readMint, readTokenAccount, TOKEN_PROGRAMS, uiTokenAmount } from './tokens.js';

/** The most keys one getMultipleAccounts takes (a node's limit). */
export const MULTIPLE_ACCOUNTS_MAX = 100;
const ENCODINGS = ['base58', 'base64', 'jsonParsed', 'base64+zstd', 'binary'] as const;
type Encoding = (typeof ENCODINGS)[number];

export type Method = (params: Params) => unknown;

export function encodeAccount(chain: SvmChain, account: StoredAccount, encoding: Encoding, cfg: Record<string, unknown>) {
  let data: Uint8Array = account.data;
  if (cfg.dataSlice !== undefined) {
    const slice = config(cfg.dataSlice, 'dataSlice');
    const offset = uint(slice.offset, 'dataSlice.offset', 0);
    data = data.subarray(offset, offset + uint(slice.length, 'dataSlice.length', 0));
  }
  let encoded: unknown;
  if (encoding === 'jsonParsed' && cfg.dataSlice === undefined && TOKEN_PROGRAMS.has(account.owner)) {
    encoded = parsedTokenData(account.owner, account.data, (mint) => chain.ledger.decimalsOf(mint));
  }
  if (encoded === undefined) {
    if (encoding === 'base64+zstd') throw invalidParams('the base64+zstd encoding is not supported by the local SVM');
    if (encoding === 'base58' || encoding === 'binary') {
      if (data.length > 128)
        throw invalidParams('Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
      encoded = encoding === 'binary' ? encodeBase58(data) : [encodeBase58(data), 'base58'];
    } else encoded = [Buffer.from(data).toString('base64'), 'base64'];
  }
  return {
    data: encoded,
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: Number(account.rentEpoch),
    space: account.data.length,
  };
}

export function accountMethods(chain: SvmChain): Record<string, Method> {
  const context = () => ({ slot: chain.clock.height() });
  const common = (params: Params, at: number) => {
    const cfg = config(params[at]);
    checkCommon(cfg, chain.clock.height());
    return cfg;
  };
  const read = (address: string) => chain.ledger.get(address);
  const encodingOf = (cfg: Record<string, unknown>) => oneOf(cfg.encoding, 'encoding', ENCODINGS, 'base58');

  return {
    getBalance(params) {
      const key = pubkey(params[0], 'the address');
      common(params, 1);
      return { context: context(), value: Number(read(key.toBase58())?.lamports ?? 0n) };
    },
    getAccountInfo(params) {
      const key = pubkey(params[0], 'the address');
      const cfg = common(params, 1);
      const account = read(key.toBase58());
      return { context: context(), value: account ? encodeAccount(chain, account, encodingOf(cfg), cfg) : null };
    },
    getMultipleAccounts(params) {
      if (!Array.isArray(params[0])) throw invalidParams('the first param must be a list of addresses');
      if (params[0].length > MULTIPLE_ACCOUNTS_MAX) throw invalidParams(`Too many inputs provided; max ${MULTIPLE_ACCOUNTS_MAX}`);
      const keys = params[0].map((k, i) => pubkey(k, `address ${i}`));
      const cfg = common(params, 1);
      const encoding = encodingOf(cfg);
      return {
        context: context(),
        value: keys.map((k) => {
          const account = read(k.toBase58());
          return account ? encodeAccount(chain, account, encoding, cfg) : null;
        }),
      };
    },
    getTokenAccountsByOwner(params) {
      const owner = pubkey(params[0], 'the owner').toBase58();
      const filter = config(params[1], 'the filter');
      const keys = Object.keys(filter);
      if (keys.length !== 1 || (keys[0] !== 'mint' && keys[0] !== 'programId')) {
        throw invalidParams('the filter must be { mint } or { programId }');
      }
      const value = pubkey(filter[keys[0]!], keys[0]!).toBase58();
      if (keys[0] === 'programId' && !TOKEN_PROGRAMS.has(value)) throw invalidParams(`unrecognized Token program id ${value}`);
      const cfg = common(params, 2);
      const encoding = encodingOf(cfg);
      const found = chain.ledger.tokenAccountsOf(owner, keys[0] === 'mint' ? { mint: value } : { programId: value });
      return {
        context: context(),
        value: found.map(({ address, account }) => ({ pubkey: address, account: encodeAccount(chain, account, encoding, cfg) })),
      };
    },
    getTokenAccountBalance(params) {
      const key = pubkey(params[0], 'the token account').toBase58();
      common(params, 1);
      const account = read(key);
      const token = account && TOKEN_PROGRAMS.has(account.owner) ? readTokenAccount(account.data) : undefined;
      const decimals = token && chain.ledger.decimalsOf(token.mint);
      if (!token || decimals === undefined) throw invalidParams('Invalid param: not a Token account');
      return { context: context(), value: uiTokenAmount(token.amount, decimals) };
    },
    getTokenSupply(params) {
      const key = pubkey(params[0], 'the mint').toBase58();
      common(params, 1);
      const account = read(key);
      const mint = account && TOKEN_PROGRAMS.has(account.owner) ? readMint(account.data) : undefined;
      if (!mint) throw invalidParams('Invalid param: not a Token mint');
      return { context: context(), value: uiTokenAmount(mint.supply, mint.decimals) };
    },
    getMinimumBalanceForRentExemption(params) {
      const length = uint(params[0], 'the data length', 0, 10 * 1024 * 1024);
      common(params, 1);
      return chain.minimumBalanceForRentExemption(length);
    },
  };
}
