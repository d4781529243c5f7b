/**
 * A small Esplora HTTP API client for a send (the API mempool.space, Blockstream and electrs
 * serve, and `w3kit-server btc`): fee estimates, an address's UTXOs, a transaction's inputs and
 * status, and POST /tx. Every request has a bounded timeout; every JSON reply is checked with
 * zod. Failures are BitcoinSendErrors: ESPLORA_UNREACHABLE (no answer, a network error, a 502,
 * 503 or 504), ESPLORA_RATE_LIMITED (429), ESPLORA_BAD_REPLY (an answer not in Esplora's
 * shape), and for a refused transaction a TX_* code from bitcoind's reason (its text in details).
 */
import type * as z from 'zod/mini';
import { BitcoinSendError, type BitcoinSendCode } from './errors.js';
import { FeeEstimates, Txid, TxInputs, TxStatus, Utxos, type Utxo } from './esplora-schemas.js';

export const DEFAULT_ESPLORA_TIMEOUT_MS = 10_000;
/** The most UTXOs a send reads (electrs' default --utxos-limit). */
export const MAX_UTXOS = 500;
const MAX_TEXT = 500;

export interface EsploraClient {
  readonly url: string;
  feeEstimates(signal?: AbortSignal): Promise<Record<string, number>>;
  utxos(address: string, signal?: AbortSignal): Promise<Utxo[]>;
  /** The transaction's inputs' previous outputs, or undefined when Esplora does not know it. */
  txInputs(txid: string, signal?: AbortSignal): Promise<TxInputs | undefined>;
  /** The transaction's status, or undefined when Esplora does not know it (yet). */
  txStatus(txid: string, signal?: AbortSignal): Promise<TxStatus | undefined>;
  /** POST /tx: the txid Esplora answers. */
  broadcast(hex: string, signal?: AbortSignal): Promise<string>;
}

export interface EsploraOptions {
  /** Per request, in ms (default 10 s, at most 60 s). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** bitcoind's reasons for refusing a transaction, first match wins. */
const REFUSALS: readonly [RegExp, BitcoinSendCode][] = [
  [/txn-already-in-mempool|txn-already-known|already in block ?chain/i, 'TX_ALREADY_KNOWN'],
  [/missingorspent|missing-inputs|txn-mempool-conflict|bad-txns-spends-conflicting/i, 'TX_INPUTS_SPENT'],
  [/min relay fee not met|insufficient fee|mempool min fee not met|min-fee-not-met/i, 'TX_FEE_TOO_LOW'],
  [/dust/i, 'TX_DUST'],
  [/script-verify-flag|signature/i, 'TX_BAD_SIGNATURE'],
];

export const refusalCode = (text: string): BitcoinSendCode => REFUSALS.find(([re]) => re.test(text))?.[1] ?? 'TX_REFUSED';

export function createEsploraClient(url: string, options: EsploraOptions = {}): EsploraClient {
  const base = new URL(url);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new TypeError(`The Esplora URL ${url} is not http(s)`);
  const root = base.href.replace(/\/+$/, '');
  const timeoutMs = Math.min(60_000, Math.max(1, options.timeoutMs ?? DEFAULT_ESPLORA_TIMEOUT_MS));
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request(path: string, init: RequestInit, signal?: AbortSignal): Promise<{ status: number; text: string }> {
    signal?.throwIfAborted();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const res = await doFetch(`${root}${path}`, { ...init, signal: controller.signal });
      const text = await res.text();
      return { status: res.status, text };
    } catch (cause) {
      signal?.throwIfAborted();
      const what = controller.signal.aborted ? `no answer within ${timeoutMs / 1000} s` : 'it could not be reached';
      throw new BitcoinSendError('ESPLORA_UNREACHABLE', `The Bitcoin API at ${root} did not answer: ${what}`, { cause });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function failure(path: string, status: number, text: string): BitcoinSendError {
    const details = text.slice(0, MAX_TEXT);
    if (status === 429)
      return new BitcoinSendError('ESPLORA_RATE_LIMITED', `The Bitcoin API at ${root} asks to slow down`, { details, facts: { status } });
    if (status === 502 || status === 503 || status === 504)
      return new BitcoinSendError('ESPLORA_UNREACHABLE', `The Bitcoin API at ${root} is unavailable (HTTP ${status})`, {
        details,
        facts: { status },
      });
    return new BitcoinSendError('ESPLORA_BAD_REPLY', `The Bitcoin API at ${root} answered ${path} with HTTP ${status}`, {
      details,
      facts: { status },
    });
  }

  async function getJson<T>(path: string, schema: z.ZodMiniType<T>, signal?: AbortSignal, notFound?: boolean): Promise<T | undefined> {
    const { status, text } = await request(path, { method: 'GET' }, signal);
    if (status === 404 && notFound) return undefined;
    if (status !== 200) throw failure(path, status, text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new BitcoinSendError('ESPLORA_BAD_REPLY', `The Bitcoin API at ${root} answered ${path} with something not JSON`, {
        cause,
        details: text.slice(0, MAX_TEXT),
      });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new BitcoinSendError('ESPLORA_BAD_REPLY', `The Bitcoin API at ${root} answered ${path} in an unexpected shape`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  const path = (segment: string) => encodeURIComponent(segment);
  const checkTxid = (txid: string) => {
    if (!Txid.safeParse(txid).success) throw new TypeError(`${JSON.stringify(txid.slice(0, 80))} is not a txid`);
  };

  return {
    url: root,
    feeEstimates: async (signal) => (await getJson('/fee-estimates', FeeEstimates, signal))!,
    async utxos(address, signal) {
      const utxos = (await getJson(`/address/${path(address)}/utxo`, Utxos, signal))!;
      return utxos.slice(0, MAX_UTXOS);
    },
    txInputs(txid, signal) {
      checkTxid(txid);
      return getJson(`/tx/${txid}`, TxInputs, signal, true);
    },
    txStatus(txid, signal) {
      checkTxid(txid);
      return getJson(`/tx/${txid}/status`, TxStatus, signal, true);
    },
    async broadcast(hex, signal) {
      const { status, text } = await request('/tx', { method: 'POST', body: hex, headers: { 'content-type': 'text/plain' } }, signal);
      if (status === 200) {
        const txid = text.trim();
        if (Txid.safeParse(txid).success) return txid;
        throw new BitcoinSendError('ESPLORA_BAD_REPLY', `The Bitcoin API at ${root} accepted the transaction but answered no txid`, {
          details: text.slice(0, MAX_TEXT),
        });
      }
      if (status === 400) {
        const code = refusalCode(text);
        throw new BitcoinSendError(code, `The Bitcoin network refused the transaction (${code})`, {
          details: text.slice(0, MAX_TEXT),
          facts: { status },
        });
      }
      throw failure('/tx', status, text);
    },
  };
}
