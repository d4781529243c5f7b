/**
 * The DEX repository (`app.dex`): the Uniswap V2 deployment recorded per chain (one row per chain
 * id; a new deploy replaces it in one upsert), on either engine.
 */
import type { Kysely } from 'kysely';
import { dexRecordSchema, type DexRecord } from '../dex/record.js';
import type { DexRepository } from '../dex/store.js';
import type { Storage } from './engine.js';
import type { StorageSchema } from './schema.js';

export function dexQueries(db: Kysely<StorageSchema>) {
  return {
    get: (chainId: number) => db.selectFrom('dex_deployments').select('record').where('chain_id', '=', chainId),
    save: (record: DexRecord, now: number) =>
      db
        .insertInto('dex_deployments')
        .values({ chain_id: record.chainId, record: JSON.stringify(dexRecordSchema.parse(record)), deployed_at: now })
        .onConflict((oc) =>
          oc.column('chain_id').doUpdateSet((eb) => ({ record: eb.ref('excluded.record'), deployed_at: eb.ref('excluded.deployed_at') })),
        ),
  };
}

/** A stored record, unless it no longer parses. */
export function dexFromRow(row: { record: string } | undefined): DexRecord | undefined {
  if (!row) return undefined;
  const parsed = dexRecordSchema.safeParse(JSON.parse(row.record));
  return parsed.success ? parsed.data : undefined;
}

export function dexRepository({ db }: Storage): DexRepository {
  const q = dexQueries(db);
  return {
    get: async (chainId) => dexFromRow(await q.get(chainId).executeTakeFirst()),
    async save(record, now = Date.now()) {
      await q.save(record, now).execute();
    },
  };
}
