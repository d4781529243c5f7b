/**
 * The development chain's Esplora HTTP routes: GET /address/{a}, /address/{a}/utxo,
 * /address/{a}/txs, /address/{a}/txs/mempool, /address/{a}/txs/chain/{last_seen_txid},
 * /tx/{txid}, /tx/{txid}/status, /tx/{txid}/hex, /blocks/tip/height, /blocks/tip/hash,
 * /block-height/{height} (the block's hash: the backend reads the genesis hash, its CAIP-2 id),
 * /fee-estimates, and POST /tx (raw hex body; answers the txid as text). Refusals are text,
 * as Esplora's: 400 (bitcoind's error for a refused transaction), 404, 413 over BODY_MAX,
 * 429 over the per-IP rate. Every answer allows any origin (browsers read it directly).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { BtcDevChain } from './chain.js';
import { addressJson, feeEstimates, historyJson, txJson, txStatus, utxoJson, UTXO_LIMIT } from './esplora-json.js';
import { addressScript } from './network.js';
import { TxRefusal } from './validate.js';
import { FixedWindowCounter } from '../../../fixed-window.js';

/** POST /tx bodies: raw transaction hex of up to 200 kB (twice Bitcoin Core's standard 100 kvB bound). */
export const BODY_MAX = 400_000;
export interface RateLimit {
  max: number;
  windowMs: number;
}
/** Requests per IP: the backend's default rate (3000 a minute), generous for one developer, bounded for a loop. */
export const DEFAULT_RATE_LIMIT: RateLimit = { max: 3000, windowMs: 60_000 };
const MAX_RATE_KEYS = 10_000;
const TXID = /^[0-9a-f]{64}$/;

type Reply = { status: number; body: string; type?: 'json' | 'text' };
const text = (status: number, body: string): Reply => ({ status, body, type: 'text' });
const json = (body: unknown): Reply => ({ status: 200, body: JSON.stringify(body), type: 'json' });

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_MAX) return resolve(undefined);
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function getRoute(chain: BtcDevChain, parts: string[]): Reply {
  const [root, id, sub, extra, more] = parts;
  if (root === 'blocks' && id === 'tip' && parts.length === 3) {
    if (sub === 'height') return text(200, String(chain.height));
    if (sub === 'hash') return text(200, chain.blocks.at(-1)!.hash);
  }
  if (root === 'block-height' && id !== undefined && parts.length === 2) {
    const block = /^\d{1,9}$/.test(id) ? chain.blocks[Number(id)] : undefined;
    return block ? text(200, block.hash) : text(404, 'Block not found');
  }
  if (root === 'fee-estimates' && parts.length === 1) return json(feeEstimates());
  if (root === 'tx' && id !== undefined && parts.length <= 3) {
    if (!TXID.test(id)) return text(400, 'Invalid hex string');
    if (!chain.entry(id)) return text(404, 'Transaction not found');
    if (sub === undefined) return json(txJson(chain, id));
    if (sub === 'status') return json(txStatus(chain, id));
    if (sub === 'hex') return text(200, chain.entry(id)!.tx.hex);
  }
  if (root === 'address' && id !== undefined && parts.length <= 5) {
    if (!addressScript(id))
      return text(400, `Invalid Bitcoin address: '${id.slice(0, 100)}' is not a regtest P2WPKH or P2TR address (bcrt1...)`);
    if (sub === undefined && parts.length === 2) return json(addressJson(chain, id));
    if (sub === 'utxo' && parts.length === 3) {
      const utxos = utxoJson(chain, id);
      return utxos ? json(utxos) : text(400, `Too many unspent transaction outputs (>${UTXO_LIMIT})`);
    }
    if (sub === 'txs' && parts.length === 3) return json(historyJson(chain, id));
    if (sub === 'txs' && extra === 'mempool' && parts.length === 4)
      return json(historyJson(chain, id)!.filter((tx) => !tx.status.confirmed));
    if (sub === 'txs' && extra === 'chain' && parts.length <= 5) {
      if (more === undefined) return json(historyJson(chain, id)!.filter((tx) => tx.status.confirmed));
      if (!TXID.test(more)) return text(400, 'Invalid hex string');
      const page = historyJson(chain, id, more);
      return page ? json(page) : text(400, `Transaction ${more} is not a confirmed transaction of ${id}`);
    }
  }
  return text(404, 'Not found');
}

/** The HTTP server of `chain`; `onAccepted` runs after each transaction POST /tx accepts (mining, saving). */
export function esploraHttpServer(
  chain: BtcDevChain,
  options: { onAccepted(): void; onError(err: unknown): void; rateLimit?: RateLimit },
): Server {
  const limit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const windows = new FixedWindowCounter(limit.max, limit.windowMs, Date.now, MAX_RATE_KEYS);
  const send = (res: ServerResponse, reply: Reply) => {
    res.writeHead(reply.status, {
      'content-type': reply.type === 'json' ? 'application/json' : 'text/plain; charset=utf-8',
      'access-control-allow-origin': '*',
    });
    res.end(reply.body);
  };
  return createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': '*',
        'access-control-max-age': '86400',
      });
      return res.end();
    }
    const verdict = windows.take(req.socket.remoteAddress ?? '');
    if (!verdict.ok) {
      const seconds = Math.ceil(verdict.retryInMs / 1000);
      return send(
        res,
        text(429, `Too many requests: at most ${limit.max} in ${limit.windowMs / 1000} s from one address; retry in ${seconds} s`),
      );
    }
    const parts = (req.url ?? '/').split('?')[0]!.split('/').filter(Boolean);
    if (req.method === 'GET') {
      let decoded: string[];
      try {
        decoded = parts.map(decodeURIComponent);
      } catch {
        return send(res, text(400, 'Invalid URL: a path segment is not valid percent-encoding'));
      }
      try {
        return send(res, getRoute(chain, decoded));
      } catch (err) {
        options.onError(err);
        return send(res, text(500, 'Internal error'));
      }
    }
    if (req.method !== 'POST' || parts.join('/') !== 'tx') return send(res, text(405, 'Method not allowed: POST /tx only, else GET'));
    readBody(req)
      .then(
        (body) => {
          if (body === undefined) return send(res, text(413, `Payload too large: a raw transaction is at most ${BODY_MAX} hex characters`));
          try {
            const txid = chain.accept(body.trim());
            options.onAccepted();
            send(res, text(200, txid));
          } catch (err) {
            if (!(err instanceof TxRefusal)) throw err;
            send(res, text(400, `sendrawtransaction RPC error: ${JSON.stringify({ code: err.code, message: err.message })}`));
          }
        },
        () => res.destroy(),
      )
      .catch((err: unknown) => {
        options.onError(err);
        send(res, text(500, 'Internal error'));
      });
  });
}
