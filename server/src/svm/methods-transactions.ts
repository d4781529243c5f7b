/**
 * JSON-RPC methods about the chain and its transactions: getVersion, getGenesisHash, getHealth,
 * getSlot, getBlockHeight, getEpochInfo, getLatestBlockhash, isBlockhashValid, getFeeForMessage,
 * simulateTransaction, sendTransaction, requestAirdrop, getSignatureStatuses,
 * getSignaturesForAddress and getTransaction (json or base64).
 */
import { VersionedMessage, VersionedTransaction } from '@solana/web3.js';
import { AIRDROP_MAX_LAMPORTS, LAMPORTS_PER_SIGNATURE, type SvmChain } from './chain.js';
import { base58Decode as decodeBase58, base58Encode as encodeBase58 } from '../../../src/wire/base58.js';
import { invalidParams, RpcError, UNSUPPORTED_VERSION } from './errors.js';
import type { TokenBalanceRecord, TxRecord } from './history.js';
import { encodeAccount, MULTIPLE_ACCOUNTS_MAX, type Method } from './methods-accounts.js';
import { bool, checkCommon, config, encodedBytes, oneOf, pubkey, signature, uint, type Params } from './params.js';
import { uiTokenAmount } from './tokens.js';

/** The most signatures one getSignatureStatuses takes, and the most getSignaturesForAddress returns. */
export const SIGNATURE_STATUSES_MAX = 256;
export const SIGNATURES_FOR_ADDRESS_MAX = 1000;
const SOLANA_CORE_VERSION = '2.2.0';
const FEATURE_SET = 3294202862;

const status = (r: TxRecord) => (r.err === null ? { Ok: null } : { Err: r.err });
const tokenBalances = (list: TokenBalanceRecord[]) =>
  list.map(({ accountIndex, mint, owner, programId, amount, decimals }) => ({
    accountIndex,
    mint,
    owner,
    programId,
    uiTokenAmount: uiTokenAmount(BigInt(amount), decimals),
  }));

function jsonTransaction(record: TxRecord) {
  const tx = VersionedTransaction.deserialize(Buffer.from(record.wire, 'base64'));
  const { message } = tx;
  const lookups = message.addressTableLookups.map((l) => ({
    accountKey: l.accountKey.toBase58(),
    writableIndexes: [...l.writableIndexes],
    readonlyIndexes: [...l.readonlyIndexes],
  }));
  return {
    signatures: tx.signatures.map((s) => encodeBase58(s)),
    message: {
      accountKeys: message.staticAccountKeys.map((k) => k.toBase58()),
      header: message.header,
      recentBlockhash: message.recentBlockhash,
      instructions: message.compiledInstructions.map((ix) => ({
        programIdIndex: ix.programIdIndex,
        accounts: [...ix.accountKeyIndexes],
        data: encodeBase58(ix.data),
        stackHeight: null,
      })),
      ...(record.version === 0 ? { addressTableLookups: lookups } : {}),
    },
  };
}

/** simulateTransaction's `accounts`: at most 100 addresses and their encoding. */
function simulationAccounts(cfg: Record<string, unknown>) {
  if (!Array.isArray(cfg.addresses) || cfg.addresses.length > MULTIPLE_ACCOUNTS_MAX) {
    throw invalidParams(`accounts.addresses must be a list of at most ${MULTIPLE_ACCOUNTS_MAX} addresses`);
  }
  return {
    addresses: cfg.addresses.map((a, i) => pubkey(a, `accounts.addresses ${i}`).toBase58()),
    encoding: oneOf(cfg.encoding, 'accounts.encoding', ['base64', 'jsonParsed'] as const, 'base64'),
  };
}

export function transactionMethods(chain: SvmChain): Record<string, Method> {
  const context = () => ({ slot: chain.clock.height() });
  const common = (params: Params, at: number) => {
    const cfg = config(params[at]);
    checkCommon(cfg, chain.clock.height());
    return cfg;
  };
  const txEncoding = (cfg: Record<string, unknown>) => oneOf(cfg.encoding, 'encoding', ['base58', 'base64'] as const, 'base58');

  return {
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET }),
    getGenesisHash: () => chain.genesisHash,
    getHealth: () => 'ok',
    getSlot: (params) => (common(params, 0), chain.clock.height()),
    getBlockHeight: (params) => (common(params, 0), chain.clock.height()),
    getEpochInfo(params) {
      common(params, 0);
      const height = chain.clock.height();
      return { absoluteSlot: height, blockHeight: height, epoch: 0, slotIndex: height, slotsInEpoch: 432000, transactionCount: null };
    },
    getLatestBlockhash(params) {
      common(params, 0);
      const { blockhash, lastValidBlockHeight } = chain.clock.latest();
      return { context: context(), value: { blockhash, lastValidBlockHeight } };
    },
    isBlockhashValid(params) {
      if (typeof params[0] !== 'string' || decodeBase58(params[0])?.length !== 32) throw invalidParams('the blockhash must be base58');
      common(params, 1);
      return { context: context(), value: chain.clock.isValid(params[0]) };
    },
    getFeeForMessage(params) {
      const bytes = encodedBytes(params[0], 'the message', 'base64');
      common(params, 1);
      let message: VersionedMessage;
      try {
        message = VersionedMessage.deserialize(bytes);
      } catch (err) {
        throw invalidParams(`failed to deserialize the message: ${(err as Error).message}`);
      }
      const valid = chain.clock.isValid(message.recentBlockhash);
      return { context: context(), value: valid ? message.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE : null };
    },
    simulateTransaction(params) {
      const cfg = common(params, 1);
      const bytes = encodedBytes(params[0], 'the transaction', txEncoding(cfg));
      const sigVerify = bool(cfg.sigVerify, 'sigVerify', false);
      const replace = bool(cfg.replaceRecentBlockhash, 'replaceRecentBlockhash', false);
      if (sigVerify && replace) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      let tx: VersionedTransaction;
      try {
        tx = VersionedTransaction.deserialize(bytes);
      } catch (err) {
        throw invalidParams(`failed to deserialize the transaction: ${(err as Error).message}`);
      }
      const wanted = cfg.accounts === undefined ? undefined : simulationAccounts(config(cfg.accounts, 'accounts'));
      const { postAccounts, ...result } = chain.simulate(tx, { sigVerify, checkBlockhash: !replace, withAccounts: wanted !== undefined });
      const accounts =
        wanted && postAccounts
          ? wanted.addresses.map((a) => {
              const account = postAccounts.get(a) ?? chain.ledger.get(a);
              return account ? encodeAccount(chain, account, wanted.encoding, {}) : null;
            })
          : null;
      const replacement = replace
        ? { replacementBlockhash: (({ blockhash, lastValidBlockHeight }) => ({ blockhash, lastValidBlockHeight }))(chain.clock.latest()) }
        : {};
      return { context: context(), value: { ...result, accounts, innerInstructions: null, ...replacement } };
    },
    sendTransaction(params) {
      const cfg = common(params, 1);
      const bytes = encodedBytes(params[0], 'the transaction', txEncoding(cfg));
      uint(cfg.maxRetries, 'maxRetries', 0);
      return chain.send(bytes, { skipPreflight: bool(cfg.skipPreflight, 'skipPreflight', false) });
    },
    requestAirdrop(params) {
      const key = pubkey(params[0], 'the address');
      if (typeof params[1] !== 'number' || !Number.isSafeInteger(params[1]) || params[1] <= 0 || params[1] > AIRDROP_MAX_LAMPORTS) {
        throw invalidParams(`lamports must be an integer from 1 to ${AIRDROP_MAX_LAMPORTS}`);
      }
      common(params, 2);
      return chain.airdrop(key, params[1]);
    },
    getSignatureStatuses(params) {
      if (!Array.isArray(params[0])) throw invalidParams('the first param must be a list of signatures');
      if (params[0].length > SIGNATURE_STATUSES_MAX) throw invalidParams(`Too many inputs provided; max ${SIGNATURE_STATUSES_MAX}`);
      const signatures = params[0].map((s, i) => signature(s, `signature ${i}`));
      bool(config(params[1]).searchTransactionHistory, 'searchTransactionHistory', false);
      return {
        context: context(),
        value: signatures.map((s) => {
          const r = chain.history.get(s);
          return r ? { slot: r.slot, confirmations: null, err: r.err, status: status(r), confirmationStatus: 'finalized' } : null;
        }),
      };
    },
    getSignaturesForAddress(params) {
      const address = pubkey(params[0], 'the address').toBase58();
      const cfg = common(params, 1);
      const limit = uint(cfg.limit, 'limit', SIGNATURES_FOR_ADDRESS_MAX, SIGNATURES_FOR_ADDRESS_MAX);
      const before = cfg.before === undefined ? undefined : signature(cfg.before, 'before');
      const until = cfg.until === undefined ? undefined : signature(cfg.until, 'until');
      return chain.history.forAddress(address, { limit, before, until }).map((r) => ({
        signature: r.signature,
        slot: r.slot,
        err: r.err,
        memo: null,
        blockTime: r.blockTime,
        confirmationStatus: 'finalized',
      }));
    },
    getTransaction(params) {
      const sig = signature(params[0], 'the signature');
      const cfg = common(params, 1);
      const encoding = oneOf(cfg.encoding, 'encoding', ['json', 'base64', 'base58', 'jsonParsed'] as const, 'json');
      if (encoding === 'jsonParsed')
        throw invalidParams('the jsonParsed encoding of getTransaction is not supported by the local SVM; use json');
      const max =
        cfg.maxSupportedTransactionVersion === undefined
          ? undefined
          : uint(cfg.maxSupportedTransactionVersion, 'maxSupportedTransactionVersion', 0, 0);
      const record = chain.history.get(sig);
      if (!record) return null;
      if (record.version === 0 && max === undefined) {
        throw new RpcError(
          UNSUPPORTED_VERSION,
          'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
        );
      }
      const wire = Buffer.from(record.wire, 'base64');
      const transaction =
        encoding === 'json' ? jsonTransaction(record) : encoding === 'base64' ? [record.wire, 'base64'] : [encodeBase58(wire), 'base58'];
      return {
        slot: record.slot,
        blockTime: record.blockTime,
        transaction,
        meta: {
          err: record.err,
          status: status(record),
          fee: record.fee,
          preBalances: record.preBalances,
          postBalances: record.postBalances,
          innerInstructions: [],
          logMessages: record.logs,
          preTokenBalances: tokenBalances(record.preTokenBalances),
          postTokenBalances: tokenBalances(record.postTokenBalances),
          rewards: [],
          loadedAddresses: { writable: [], readonly: [] },
          computeUnitsConsumed: record.computeUnits,
        },
        ...(max === undefined ? {} : { version: record.version }),
      };
    },
  };
}
