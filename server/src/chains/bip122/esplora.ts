/**
 * The Esplora HTTP API the Blockchain API reads Bitcoin from (`--bitcoin-esplora URL`: the API
 * mempool.space and electrs serve, or `w3kit-server btc`'s development chain). Every call is
 * bounded (ESPLORA_TIMEOUT_MS), every reply checked with zod before it is used: a server that does
 * not answer (refused, reset, timed out, HTTP 5xx) is an RpcUnavailableError (the routes' 503), one
 * that answers with an error or a reply of another shape an RpcResponseError (their 502). The
 * chain id (`bip122:` and the genesis hash's first 32 hex digits, from block 0's hash) is asked
 * once and kept; fee estimates are kept FEES_TTL_MS.
 */
import * as z from 'zod';
import { RpcResponseError, RpcUnavailableError } from '../../blockchain/rpc.js';

export const ESPLORA_TIMEOUT_MS = 5000;
const FEES_TTL_MS = 5000;
/** The largest reply read (an address's 25 transactions with their inputs stay far below). */
const MAX_REPLY_BYTES = 4 * 1024 * 1024;

const sats = z.number().check(z.int(), z.gte(0), z.lte(21e14));
const hash = z.string().check(z.regex(/^[0-9a-f]{64}$/));
const stats = z.object({ funded_txo_sum: sats, spent_txo_sum: sats, tx_count: z.number().check(z.int(), z.gte(0)) });
const status = z.union([
  z.object({
    confirmed: z.literal(true),
    block_height: z.number().check(z.int(), z.gte(0)),
    block_time: z.number().check(z.int(), z.gte(0)),
  }),
  z.object({ confirmed: z.literal(false) }),
]);

export const addressSchema = z.object({ address: z.string(), chain_stats: stats, mempool_stats: stats });
export const utxoSchema = z.array(z.object({ txid: hash, vout: z.number().check(z.int(), z.gte(0)), value: sats, status }));
const prevout = z.nullable(z.object({ scriptpubkey_address: z.optional(z.string()), value: sats }));
export const txsSchema = z.array(
  z.object({
    txid: hash,
    fee: z.optional(sats),
    vin: z.array(z.object({ is_coinbase: z.optional(z.boolean()), prevout: z.optional(prevout) })),
    vout: z.array(z.object({ scriptpubkey_address: z.optional(z.string()), value: sats })),
    status,
  }),
);
/** Target in blocks → sat/vB. */
export const feesSchema = z.record(z.string().check(z.regex(/^[1-9]\d{0,3}$/)), z.number().check(z.gte(0), z.lte(1e6)));

export type EsploraAddress = z.infer<typeof addressSchema>;
export type EsploraUtxo = z.infer<typeof utxoSchema>[number];
export type EsploraTx = z.infer<typeof txsSchema>[number];
export type FeeTargets = z.infer<typeof feesSchema>;

export interface Esplora {
  /** `bip122:<the genesis hash's first 32 hex digits>`, asked of the server the first time. */
  chainId(): Promise<string>;
  address(address: string): Promise<EsploraAddress>;
  utxos(address: string): Promise<EsploraUtxo[]>;
  /** The newest 25 (mempool ones first) or, with `after`, the 25 confirmed ones after that txid. */
  txs(address: string, after?: string): Promise<EsploraTx[]>;
  tipHeight(): Promise<number>;
  /** Fee rates (sat/vB) by confirmation target, kept a few seconds. */
  fees(): Promise<FeeTargets>;
}

/** The reply's text, read up to MAX_REPLY_BYTES (a longer one is refused without reading the rest). */
async function readCapped(res: Response, path: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      size += next.value.length;
      if (size > MAX_REPLY_BYTES) {
        await reader?.cancel();
        throw new RpcResponseError(`Esplora's reply to GET ${path} is over ${MAX_REPLY_BYTES} bytes`);
      }
      chunks.push(next.value);
    }
  } catch (err) {
    if (err instanceof RpcResponseError) throw err;
    throw new RpcUnavailableError(`Esplora's reply to GET ${path} broke off`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function createEsplora(baseUrl: string, fetchFn: typeof fetch = fetch): Esplora {
  const base = baseUrl.replace(/\/+$/, '');

  async function get(path: string): Promise<string> {
    let res: Response;
    try {
      res = await fetchFn(`${base}${path}`, { signal: AbortSignal.timeout(ESPLORA_TIMEOUT_MS), redirect: 'error' });
    } catch (err) {
      const timedOut = err instanceof Error && err.name === 'TimeoutError';
      throw new RpcUnavailableError(
        timedOut ? `Esplora did not answer GET ${path} within ${ESPLORA_TIMEOUT_MS / 1000} s` : `Esplora is unreachable (GET ${path})`,
      );
    }
    const text = await readCapped(res, path);
    if (res.status >= 500) throw new RpcUnavailableError(`Esplora answered GET ${path} with HTTP ${res.status}`);
    if (res.status !== 200) throw new RpcResponseError(`Esplora answered GET ${path} with HTTP ${res.status}: ${text.slice(0, 200)}`);
    return text;
  }

  async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    const text = await get(path);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new RpcResponseError(`Esplora's reply to GET ${path} is not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new RpcResponseError(`Esplora's reply to GET ${path} is not of the form Esplora gives`);
    return parsed.data;
  }

  let known: string | undefined;
  let pending: Promise<string> | undefined;
  let fees: { at: number; value: Promise<FeeTargets> } | undefined;
  const enc = encodeURIComponent;
  return {
    chainId() {
      if (known) return Promise.resolve(known);
      pending ??= get('/block-height/0')
        .then((genesis) => {
          if (!/^[0-9a-f]{64}$/.test(genesis.trim())) throw new RpcResponseError("Esplora's genesis block hash is not 64 hex digits");
          return (known = `bip122:${genesis.trim().slice(0, 32)}`);
        })
        .finally(() => (pending = undefined));
      return pending;
    },
    address: (address) => getJson(`/address/${enc(address)}`, addressSchema),
    utxos: (address) => getJson(`/address/${enc(address)}/utxo`, utxoSchema),
    txs: (address, after) => getJson(`/address/${enc(address)}/txs${after ? `/chain/${enc(after)}` : ''}`, txsSchema),
    async tipHeight() {
      const text = (await get('/blocks/tip/height')).trim();
      if (!/^\d{1,9}$/.test(text)) throw new RpcResponseError("Esplora's tip height is not a number");
      return Number(text);
    },
    fees() {
      const now = Date.now();
      if (!fees || now - fees.at > FEES_TTL_MS) {
        const value = getJson('/fee-estimates', feesSchema);
        fees = { at: now, value };
        value.catch(() => (fees = undefined));
      }
      return fees.value;
    },
  };
}
