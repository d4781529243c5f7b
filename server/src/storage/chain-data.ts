/**
 * The operator's data beside the EVM index, on either engine: USD prices (`prices`), the spam
 * list (`spam_contracts`) and the names and avatars of addresses (`identities`). The callers
 * (../blockchain/prices.ts, spam.ts, identities.ts) check their input first.
 *
 * A name belongs to one address: setting one is a single statement that writes only when no
 * other address holds the name in any case (registered or set), run under a transaction-scoped
 * advisory lock on Postgres so two instances setting one name at once store it once.
 */
import { sql, type Kysely } from 'kysely';
import type { Storage } from './engine.js';
import { atomically } from './atomic.js';
import type { StorageSchema } from './schema.js';
import { bytewise } from './evm-reads.js';

export interface PriceRow {
  chainId: string;
  token: string;
  usd: number;
  updatedAt: string;
}

export interface IdentityRow {
  address: string;
  name: string | null;
  avatar: string | null;
}

export interface ChainDataRepository {
  setPrice(row: PriceRow): Promise<void>;
  removePrice(chainId: string, token: string): Promise<boolean>;
  listPrices(): Promise<PriceRow[]>;
  /** Adds the prices that are missing (never changes one that is set), in one transaction. */
  addPrices(rows: readonly Omit<PriceRow, 'updatedAt'>[]): Promise<void>;
  /** The USD price of each token of the chain (0 when unknown), keyed as asked. */
  usdPrices(chainId: string, tokens: readonly string[]): Promise<Map<string, number>>;
  markSpam(address: string): Promise<void>;
  unmarkSpam(address: string): Promise<boolean>;
  listSpam(): Promise<string[]>;
  identity(address: string): Promise<{ name: string | null; avatar: string | null } | undefined>;
  /** The address with the operator-set name `name` (any case), other than `except`; the newest first. */
  identityHolder(name: string, except?: string): Promise<IdentityRow | undefined>;
  /**
   * Sets the identity of `address` unless another address holds `name` (in any case, registered
   * or set); false when one does.
   */
  setIdentity(address: string, name: string, avatar: string | null): Promise<boolean>;
  /** Gives each address its name when neither the address has an identity nor the name a holder. */
  addIdentities(rows: readonly { address: string; name: string }[]): Promise<void>;
  removeIdentity(address: string): Promise<boolean>;
  listIdentities(): Promise<IdentityRow[]>;
}

/** The advisory lock key of identity writes on Postgres ('ident' in ASCII). */
const IDENTITY_LOCK = 0x69_64_65_6e_74;

const sameName = (column: string, name: string) => sql<boolean>`lower(${sql.ref(column)}) = lower(${name})`;

/** Whether an address other than `except` holds `name` (any case), registered or set. */
const nameHeld = (name: string, except: string) =>
  sql<boolean>`(EXISTS (SELECT 1 FROM registered_names r WHERE ${sameName('r.name', name)} AND r.address <> ${except})
    OR EXISTS (SELECT 1 FROM identities i WHERE ${sameName('i.name', name)} AND i.address <> ${except}))`;

export function chainDataRepository(storage: Storage): ChainDataRepository {
  const { db, engine } = storage;
  const changed = (result: { numDeletedRows?: bigint; numUpdatedRows?: bigint }) =>
    Number(result.numDeletedRows ?? result.numUpdatedRows ?? 0n) > 0;
  /** Runs `write` alone among identity writers (an advisory lock on Postgres; SQLite's writes are serial). */
  const identityWrite = async (write: (db: Kysely<StorageSchema>) => Promise<number>) => {
    if (engine === 'sqlite') return write(db);
    return db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${IDENTITY_LOCK})`.execute(trx);
      return write(trx);
    });
  };
  /** Writes the identity unless an address other than `except` holds the name; `replace` an identity the address has. */
  const insertIdentity = (on: Kysely<StorageSchema>, row: IdentityRow & { name: string }, now: string, except: string, replace: boolean) =>
    on
      .insertInto('identities')
      .columns(['address', 'name', 'avatar', 'updated_at'])
      .expression(sql`SELECT ${row.address}, ${row.name}, ${row.avatar}, ${now} WHERE NOT ${nameHeld(row.name, except)}`)
      .onConflict((oc) =>
        replace
          ? oc.column('address').doUpdateSet((eb) => ({
              name: eb.ref('excluded.name'),
              avatar: eb.ref('excluded.avatar'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
          : oc.doNothing(),
      )
      .executeTakeFirst();
  return {
    async setPrice(row) {
      await db
        .insertInto('prices')
        .values({ chain_id: row.chainId, token: row.token, usd: row.usd, updated_at: row.updatedAt })
        .onConflict((oc) =>
          oc
            .columns(['chain_id', 'token'])
            .doUpdateSet((eb) => ({ usd: eb.ref('excluded.usd'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute();
    },
    async removePrice(chainId, token) {
      return changed(await db.deleteFrom('prices').where('chain_id', '=', chainId).where('token', '=', token).executeTakeFirst());
    },
    async listPrices() {
      const rows = await db
        .selectFrom('prices')
        .select(['chain_id', 'token', 'usd', 'updated_at'])
        .orderBy(bytewise(engine, 'chain_id'))
        .orderBy(sql`token <> 'native'`)
        .orderBy(bytewise(engine, 'token'))
        .execute();
      return rows.map((r) => ({ chainId: r.chain_id, token: r.token, usd: r.usd, updatedAt: r.updated_at }));
    },
    async addPrices(rows) {
      const now = new Date().toISOString();
      await atomically(
        storage,
        rows.map((p) =>
          db
            .insertInto('prices')
            .values({ chain_id: p.chainId, token: p.token, usd: p.usd, updated_at: now })
            .onConflict((oc) => oc.doNothing()),
        ),
      );
    },
    async usdPrices(chainId, tokens) {
      const wanted = [...new Set(tokens)];
      const rows = wanted.length
        ? await db.selectFrom('prices').select(['token', 'usd']).where('chain_id', '=', chainId).where('token', 'in', wanted).execute()
        : [];
      const found = new Map(rows.map((r) => [r.token, r.usd]));
      return new Map(tokens.map((t) => [t, found.get(t) ?? 0]));
    },
    async markSpam(address) {
      await db
        .insertInto('spam_contracts')
        .values({ address, added_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('address').doNothing())
        .execute();
    },
    async unmarkSpam(address) {
      return changed(await db.deleteFrom('spam_contracts').where('address', '=', address).executeTakeFirst());
    },
    async listSpam() {
      return (await db.selectFrom('spam_contracts').select('address').orderBy(bytewise(engine, 'address')).execute()).map((r) => r.address);
    },
    identity: (address) => db.selectFrom('identities').select(['name', 'avatar']).where('address', '=', address).executeTakeFirst(),
    identityHolder: (name, except) =>
      db
        .selectFrom('identities')
        .select(['address', 'name', 'avatar'])
        .where(sameName('name', name))
        .where('address', '!=', except ?? '')
        .orderBy('updated_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    async setIdentity(address, name, avatar) {
      const now = new Date().toISOString();
      const written = await identityWrite(async (on) =>
        Number((await insertIdentity(on, { address, name, avatar }, now, address, true)).numInsertedOrUpdatedRows ?? 0n),
      );
      return written > 0;
    },
    async addIdentities(rows) {
      const now = new Date().toISOString();
      await identityWrite(async (on) => {
        // Any holder counts, the address itself too (a name it registered).
        for (const r of rows) await insertIdentity(on, { ...r, avatar: null }, now, '', false);
        return 0;
      });
    },
    async removeIdentity(address) {
      return changed(await db.deleteFrom('identities').where('address', '=', address).executeTakeFirst());
    },
    async listIdentities() {
      return db.selectFrom('identities').select(['address', 'name', 'avatar']).orderBy(bytewise(engine, 'address')).execute();
    },
  };
}
