/** The Esplora HTTP API's replies a send reads, as zod schemas (unknown keys pass; what we read is checked). */
import * as z from 'zod/mini';

const TXID = /^[0-9a-f]{64}$/;
export const Txid = z.string().check(z.regex(TXID));
const Sats = z.number().check(z.int(), z.nonnegative());

export const TxStatus = z.object({
  confirmed: z.boolean(),
  block_height: z.optional(z.number().check(z.int(), z.nonnegative())),
  block_hash: z.optional(z.string()),
  block_time: z.optional(z.number()),
});
export type TxStatus = z.infer<typeof TxStatus>;

export const Utxo = z.object({ txid: Txid, vout: z.number().check(z.int(), z.nonnegative()), value: Sats, status: TxStatus });
export type Utxo = z.infer<typeof Utxo>;
export const Utxos = z.array(Utxo);

/** A transaction, as far as telling our own change from someone else's coins goes: its inputs' previous outputs. */
export const TxInputs = z.object({
  txid: Txid,
  vin: z.array(
    z.object({
      is_coinbase: z.optional(z.boolean()),
      prevout: z.nullable(z.optional(z.object({ scriptpubkey_address: z.optional(z.string()), value: Sats }))),
    }),
  ),
  status: TxStatus,
});
export type TxInputs = z.infer<typeof TxInputs>;

export const FeeEstimates = z.record(z.string(), z.number());
