/**
 * A Bitcoin account's activity without a Blockchain API (issue 33 section 2): one page of the
 * network's Esplora history, `/address/{a}/txs` (its mempool transactions, then the newest 25
 * confirmed) and `/address/{a}/txs/chain/{last}` for the next (the cursor: the last confirmed
 * txid of a page), in the shape of the Blockchain API's history (src/wire/blockchain-api.ts, as
 * the backend's server/src/chains/bip122/reads.ts gives it) so the Activity tab reads both alike.
 * Each entry sent or received (what the account's inputs paid less its change, or what it got),
 * in BTC (8 decimals), with its confirmations (0 while in the mempool). Every reply is parsed;
 * a bad one is the read's ChainRequestError.
 */
import * as z from 'zod/mini';
import { ChainRequestError } from '../../core/errors.js';
import { formatUnits } from '../../core/format.js';
import type { HistoryReply, Transaction } from '../../wire/blockchain-api.js';
import type { Network } from '../../wire/networks.js';
import { formatAddress } from './address.js';
import { esploraGet } from './esplora.js';

/** Esplora's page of confirmed transactions (more means a next page may exist). */
export const ESPLORA_PAGE = 25;
const TXID = /^[0-9a-f]{64}$/;
const Sats = z.number().check(z.int(), z.nonnegative());
const Height = z.number().check(z.int(), z.nonnegative());

const EsploraTx = z.object({
  txid: z.string().check(z.regex(TXID)),
  vin: z.array(
    z.object({
      is_coinbase: z.optional(z.boolean()),
      prevout: z.optional(z.nullable(z.object({ scriptpubkey_address: z.optional(z.string()), value: Sats }))),
    }),
  ),
  vout: z.array(z.object({ scriptpubkey_address: z.optional(z.string()), value: Sats })),
  status: z.object({ confirmed: z.boolean(), block_height: z.optional(Height), block_time: z.optional(z.number()) }),
});
type EsploraTx = z.infer<typeof EsploraTx>;
const EsploraTxs = z.array(EsploraTx).check(z.maxLength(200));

function parse<T>(schema: z.ZodMiniType<T>, path: string, reply: unknown): T {
  const result = schema.safeParse(reply);
  if (result.success) return result.data;
  throw new ChainRequestError('RPC request failed', {
    messageCode: 'ChainRpcFailed',
    details: `GET ${path}: unexpected reply ${JSON.stringify(reply)?.slice(0, 200)}`,
  });
}

const confirmations = (status: EsploraTx['status'], tip: number) =>
  status.confirmed && status.block_height !== undefined ? Math.max(tip - status.block_height + 1, 1) : 0;

/** One transaction as `address` sees it: sent (its inputs less its change) or received. */
export function activityEntry(tx: EsploraTx, chainId: string, address: string, tip: number, nowMs: number): Transaction {
  const spent = tx.vin.reduce((sum, i) => sum + (i.prevout?.scriptpubkey_address === address ? i.prevout.value : 0), 0);
  const received = tx.vout.reduce((sum, o) => sum + (o.scriptpubkey_address === address ? o.value : 0), 0);
  const sending = spent > 0;
  const amount = Math.max(sending ? spent - received : received, 0);
  const from = tx.vin.find((i) => i.prevout?.scriptpubkey_address)?.prevout?.scriptpubkey_address ?? 'coinbase';
  const to = tx.vout.find((o) => o.scriptpubkey_address && o.scriptpubkey_address !== address)?.scriptpubkey_address ?? address;
  const minedAt = tx.status.confirmed && tx.status.block_time !== undefined ? tx.status.block_time * 1000 : nowMs;
  return {
    id: tx.txid,
    metadata: {
      operationType: sending ? 'send' : 'receive',
      hash: tx.txid,
      minedAt: new Date(minedAt).toISOString(),
      sentFrom: sending ? address : from,
      sentTo: sending ? to : address,
      status: tx.status.confirmed ? 'confirmed' : 'pending',
      nonce: 0,
      chain: chainId,
      confirmations: confirmations(tx.status, tip),
    },
    transfers: [
      {
        fungible_info: { name: 'Bitcoin', symbol: 'BTC', icon: { url: '' } },
        direction: sending ? (to === address ? 'self' : 'out') : 'in',
        quantity: { numeric: formatUnits(BigInt(amount), 8) },
        value: 0,
        price: 0,
      },
    ],
  };
}

/** One page of `address`'s activity on `network`, newest first; `cursor` is the previous page's `next`. */
export async function readActivity(network: Network, address: string, cursor?: string): Promise<HistoryReply> {
  if (cursor !== undefined && !TXID.test(cursor)) throw new TypeError(`The cursor ${JSON.stringify(cursor.slice(0, 80))} is not a txid`);
  const account = formatAddress(address);
  const path = `/address/${encodeURIComponent(account)}/txs${cursor ? `/chain/${cursor}` : ''}`;
  const [txsReply, tipReply] = await Promise.all([esploraGet(network, path), esploraGet(network, '/blocks/tip/height')]);
  const txs = parse(EsploraTxs, path, txsReply);
  const tip = parse(Height, '/blocks/tip/height', tipReply);
  const nowMs = Date.now();
  const confirmed = txs.filter((tx) => tx.status.confirmed);
  return {
    data: txs.map((tx) => activityEntry(tx, network.caipNetworkId, account, tip, nowMs)),
    next: confirmed.length >= ESPLORA_PAGE ? confirmed.at(-1)!.txid : null,
  };
}
