/**
 * A send's reads through the Blockchain API (issue 33 section 2): the account's UTXOs
 * (`GET /v1/account/{a}/utxos?chainId=`) and the fee estimates (`GET /v1/fee-estimates?chainId=`),
 * with the project id as every other API read. Each reply is parsed again here, as strictly as
 * Esplora's (./esplora-schemas.ts: txids, whole non-negative sats, the chain asked); failures are
 * the same BitcoinSendErrors as Esplora's, so a person reads the same sentences: no answer (a
 * network error, a timeout, a 502, 503 or 504) is ESPLORA_UNREACHABLE, a 429 ESPLORA_RATE_LIMITED,
 * anything else ESPLORA_BAD_REPLY.
 *
 * Whether an unconfirmed coin is the account's own change needs its transaction's inputs, which
 * the API does not give: that one read asks the network's Esplora, and when it cannot answer the
 * coin waits for its block (it is left out, as a stranger's would be) rather than failing the send.
 */
import * as z from 'zod/mini';
import type { BlockchainApi } from '../../../api/blockchain-api.js';
import { ApiError, InvalidReplyError, NetworkRequestError, RequestTimeoutError } from '../../../api/errors.js';
import { BitcoinSendError } from './errors.js';
import { MAX_UTXOS, type EsploraClient } from './esplora.js';
import { Txid, type Utxo } from './esplora-schemas.js';

/** What a send reads before it is signed: fee estimates, the account's coins, an unconfirmed coin's inputs. */
export type SendReads = Pick<EsploraClient, 'feeEstimates' | 'utxos' | 'txInputs'>;

const Count = z.number().check(z.int(), z.nonnegative());
const ApiUtxos = z.object({
  chainId: z.string(),
  utxos: z.array(z.object({ txid: Txid, vout: Count, value: Count, confirmations: Count })),
});
const ApiFees = z.object({ chainId: z.string(), targets: z.record(z.string(), z.number()) });

function sendError(err: unknown, root: string, path: string): unknown {
  if (err instanceof BitcoinSendError) return err;
  if (err instanceof ApiError) {
    const facts = { status: err.status };
    if (err.status === 429)
      return new BitcoinSendError('ESPLORA_RATE_LIMITED', `The Blockchain API at ${root} asks to slow down`, { facts });
    if (err.status === 502 || err.status === 503 || err.status === 504)
      return new BitcoinSendError('ESPLORA_UNREACHABLE', `The Blockchain API at ${root} could not read Bitcoin (HTTP ${err.status})`, {
        cause: err,
        details: err.details,
        facts,
      });
    return new BitcoinSendError('ESPLORA_BAD_REPLY', `The Blockchain API at ${root} answered ${path} with HTTP ${err.status}`, {
      cause: err,
      details: err.details,
      facts,
    });
  }
  if (err instanceof NetworkRequestError || err instanceof RequestTimeoutError)
    return new BitcoinSendError('ESPLORA_UNREACHABLE', `The Blockchain API at ${root} did not answer`, { cause: err });
  if (err instanceof InvalidReplyError)
    return new BitcoinSendError('ESPLORA_BAD_REPLY', `The Blockchain API at ${root} answered ${path} in an unexpected shape`, {
      cause: err,
      details: err.details,
    });
  return err; // an abort, or a bug: as it is
}

function parsed<T>(schema: z.ZodMiniType<T>, reply: unknown, chainId: string, root: string, path: string): T {
  const result = schema.safeParse(reply);
  if (result.success && (result.data as { chainId: string }).chainId === chainId) return result.data;
  throw new BitcoinSendError('ESPLORA_BAD_REPLY', `The Blockchain API at ${root} answered ${path} in an unexpected shape`, {
    cause: result.error,
    details: JSON.stringify(reply)?.slice(0, 300),
  });
}

/** The reads of a send on `chainId` (CAIP-2) through `api`; an unconfirmed coin's inputs from `esplora` (see above). */
export function createApiReads(api: BlockchainApi, chainId: string, esplora: Pick<EsploraClient, 'txInputs'>): SendReads {
  const root = api.blockchainApiUrl.replace(/\/+$/, '');
  return {
    async feeEstimates(signal) {
      const path = '/v1/fee-estimates';
      const reply = await api.getFeeEstimates({ chainId }, { signal }).catch((err: unknown) => {
        throw sendError(err, root, path);
      });
      return parsed(ApiFees, reply, chainId, root, path).targets;
    },
    async utxos(address, signal) {
      const path = '/v1/account/{address}/utxos';
      const reply = await api.getUtxos(address, { chainId }, { signal }).catch((err: unknown) => {
        throw sendError(err, root, path);
      });
      return parsed(ApiUtxos, reply, chainId, root, path)
        .utxos.slice(0, MAX_UTXOS)
        .map((u): Utxo => ({ txid: u.txid, vout: u.vout, value: u.value, status: { confirmed: u.confirmations > 0 } }));
    },
    async txInputs(txid, signal) {
      try {
        return await esplora.txInputs(txid, signal);
      } catch (err) {
        signal?.throwIfAborted();
        if (err instanceof BitcoinSendError) return undefined;
        throw err;
      }
    },
  };
}
