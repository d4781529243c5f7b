/**
 * The wallet registry's repository (`app.wallets`): the GET /getWallets query (paging, search,
 * include/exclude, badge and chain filters) and imports, on either engine. getWallets is the
 * hottest read: its replies are cached per query (bounded), dropped at once by any write through
 * this layer in the process, and after WALLETS_CACHE_MS at most for a write by another process
 * (`w3kit-server wallets import` on the same data folder, another instance on Postgres).
 */
import { sql, type Compilable, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { GET_WALLETS_LIMITS, type GetWalletsParams, type GetWalletsReply, type WalletEntry } from '../../../src/wire/provider-api.js';
import { isAllowedWalletLink } from '../../../src/wire/links.js';
import { walletBadge, type ValidWallet } from '../wallets/import.js';
import { atomically } from './atomic.js';
import type { Storage } from './engine.js';
import type { WalletsTable } from './feature-schema.js';
import { imageQueries } from './images.js';
import type { StorageSchema } from './schema.js';
import type { Engine } from './url.js';

/** A /getWallets query (see GetWalletsParams): a bare namespace in `chains` (`eip155`) means any chain of it. */
export type WalletQuery = GetWalletsParams;
export type WriteMode = 'upsert' | 'ignore';

export interface WalletsRepository {
  query(query?: WalletQuery): Promise<GetWalletsReply>;
  get(id: string): Promise<WalletEntry | undefined>;
  count(): Promise<number>;
  /**
   * Stores validated wallets and their images (given ones overwrite in 'upsert' mode, generated
   * ones only fill gaps), all or nothing; `replace` first empties the registry and its wallet
   * images. Returns the wallets in the registry afterwards.
   */
  store(wallets: readonly ValidWallet[], mode: WriteMode, options?: { replace?: boolean }): Promise<number>;
}

/** How long a cached getWallets reply may outlive a write by another process (ms). */
export const WALLETS_CACHE_MS = 1000;
/** Distinct queries cached at most (then the cache starts over). */
const WALLETS_CACHE_ENTRIES = 1000;

/** A stored link as served: null when it is not allowed (a row imported before links were checked). */
const link = (value: string | null): string | null => (isAllowedWalletLink(value) ? value : null);

export function walletFromRow(row: Selectable<WalletsTable>): WalletEntry {
  return {
    id: row.id,
    name: row.name,
    homepage: link(row.homepage),
    image_id: row.image_id,
    order: row.sort_order,
    rdns: row.rdns,
    chains: JSON.parse(row.chains) as string[],
    badge_type: row.badge_type,
    mobile_link: link(row.mobile_link),
    desktop_link: link(row.desktop_link),
    webapp_link: link(row.webapp_link),
    link_mode: link(row.link_mode),
    app_store: link(row.app_store),
    play_store: link(row.play_store),
    chrome_store: link(row.chrome_store),
    injected: row.injected === null ? null : (JSON.parse(row.injected) as WalletEntry['injected']),
    supports_wc: row.supports_wc === 1,
  };
}

/** SQLite's lower() folds ASCII only; fold the term the same way so both sides agree. */
const foldAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The queries of the registry for one engine (and wallets-sync.ts on a raw SQLite handle). */
export function walletQueries(db: Kysely<StorageSchema>, engine: Engine) {
  const lite = engine === 'sqlite';
  // The name folded as SQLite's lower() folds it (ASCII only), on both engines.
  const foldedName = lite ? sql`lower(name)` : sql`translate(name, ${UPPER}, ${UPPER.toLowerCase()})`;
  const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`));

  function filters(query: WalletQuery, term: string): RawBuilder<boolean>[] {
    const where: RawBuilder<boolean>[] = [];
    if (query.include !== undefined) where.push(query.include.length ? sql`id IN (${list(query.include)})` : sql`1 = 0`);
    if (query.exclude?.length) where.push(sql`id NOT IN (${list(query.exclude)})`);
    if (query.badge_type) where.push(sql`badge_type = ${query.badge_type}`);
    if (query.chains?.length) {
      const ids = query.chains.filter((c) => c.includes(':'));
      const namespaces = query.chains.filter((c) => !c.includes(':'));
      const namespace = lite ? sql`substr(c.value, 1, instr(c.value, ':') - 1)` : sql`split_part(c.value, ':', 1)`;
      const match = sql.join(
        [
          ...(ids.length ? [sql`c.value IN (${list(ids)})`] : []),
          ...(namespaces.length ? [sql`${namespace} IN (${list(namespaces)})`] : []),
        ],
        sql` OR `,
      );
      const each = lite ? sql`json_each(wallets.chains) AS c` : sql`json_array_elements_text(wallets.chains::json) AS c(value)`;
      where.push(sql`EXISTS (SELECT 1 FROM ${each} WHERE ${match})`);
    }
    if (term)
      where.push(
        lite
          ? sql`(instr(lower(name), ${term}) > 0 OR instr(id, ${term}) > 0)`
          : sql`(strpos(${foldedName}, ${term}) > 0 OR strpos(id, ${term}) > 0)`,
      );
    return where;
  }
  const whereOf = (where: RawBuilder<boolean>[]) => (where.length ? sql<boolean>`${sql.join(where, sql` AND `)}` : sql<boolean>`1 = 1`);

  return {
    page(query: WalletQuery) {
      const page = query.page ?? 1;
      const entries = query.entries ?? GET_WALLETS_LIMITS.defaultEntries;
      const term = foldAscii((query.search ?? '').trim());
      const where = whereOf(filters(query, term));
      const count = db
        .selectFrom('wallets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(where);
      // `+sort_order` keeps SQLite off the sort_order index: with that index, an EXISTS over
      // json_each(chains) and an OFFSET, SQLite 3.53 skipped the OFFSET's rows wrongly (page 2 of
      // `chains=eip155` started at the third wallet). Postgres orders text bytewise, as SQLite does.
      const order = lite ? sql`+sort_order, name, id` : sql`sort_order, name COLLATE "C", id COLLATE "C"`;
      const starts = lite ? sql`substr(lower(name), 1, ${term.length}) = ${term}` : sql`left(${foldedName}, ${term.length}) = ${term}`;
      const rows = db
        .selectFrom('wallets')
        .selectAll()
        .where(where)
        .orderBy(term ? sql`(${starts}) DESC, ${order}` : order)
        .limit(entries)
        .offset((page - 1) * entries);
      return { count, rows };
    },
    count: () => db.selectFrom('wallets').select((eb) => eb.fn.countAll<number>().as('n')),
    get: (id: string) => db.selectFrom('wallets').selectAll().where('id', '=', id),
    write(w: WalletEntry, mode: WriteMode) {
      const row = {
        id: w.id,
        name: w.name,
        homepage: w.homepage,
        image_id: w.image_id,
        sort_order: w.order,
        rdns: w.rdns,
        chains: JSON.stringify(w.chains),
        badge_type: w.badge_type,
        mobile_link: w.mobile_link,
        desktop_link: w.desktop_link,
        webapp_link: w.webapp_link,
        link_mode: w.link_mode,
        app_store: w.app_store,
        play_store: w.play_store,
        chrome_store: w.chrome_store,
        injected: w.injected === null ? null : JSON.stringify(w.injected),
        supports_wc: w.supports_wc ? 1 : 0,
      };
      const { id: _id, ...updates } = row;
      return db
        .insertInto('wallets')
        .values(row)
        .onConflict((oc) =>
          mode === 'upsert'
            ? oc
                .column('id')
                .doUpdateSet((eb) => Object.fromEntries(Object.keys(updates).map((c) => [c, eb.ref(`excluded.${c}` as 'excluded.name')])))
            : oc.column('id').doNothing(),
        );
    },
    removeAll: () => db.deleteFrom('wallets'),
  };
}

/** The writes of storing validated wallets and their images, in order (see WalletsRepository.store). */
export function walletStoreQueries(
  db: Kysely<StorageSchema>,
  engine: Engine,
  wallets: readonly ValidWallet[],
  mode: WriteMode,
  replace = false,
) {
  const q = walletQueries(db, engine);
  const images = imageQueries(db, engine);
  const queries: Compilable[] = replace ? [q.removeAll(), images.removeKind('wallet')] : [];
  queries.push(...wallets.map((w) => q.write(w.entry, mode)));
  for (const { entry, image } of wallets) {
    if (image) queries.push(images.put('wallet', entry.image_id, image, { overwrite: mode === 'upsert' }));
    else {
      const { replacesEtag, ...badge } = walletBadge(entry);
      queries.push(images.put('wallet', entry.image_id, badge, { overwrite: false, replacesEtag }));
    }
  }
  return queries;
}

/** The write generation of each storage's registry: a write through this layer bumps it, dropping cached replies. */
const generations = new WeakMap<object, number>();
export const walletsChanged = (storage: object) => generations.set(storage, (generations.get(storage) ?? 0) + 1);

export function walletsRepository(storage: Storage, now: () => number = Date.now): WalletsRepository {
  const q = walletQueries(storage.db, storage.engine);
  const cache = new Map<string, { at: number; generation: number; reply: GetWalletsReply }>();
  const count = async () => Number((await q.count().executeTakeFirstOrThrow()).n);
  return {
    async query(query = {}) {
      const key = JSON.stringify([query.page, query.entries, query.include, query.exclude, query.search, query.badge_type, query.chains]);
      const generation = generations.get(storage) ?? 0;
      const cached = cache.get(key);
      if (cached && cached.generation === generation && now() - cached.at < WALLETS_CACHE_MS) return cached.reply;
      const { count: counted, rows } = q.page(query);
      const [{ n }, data] = await Promise.all([counted.executeTakeFirstOrThrow(), rows.execute()]);
      const reply = { count: Number(n), data: data.map(walletFromRow) };
      if (cache.size >= WALLETS_CACHE_ENTRIES) cache.clear();
      cache.set(key, { at: now(), generation, reply });
      return reply;
    },
    async get(id) {
      const row = await q.get(id).executeTakeFirst();
      return row && walletFromRow(row);
    },
    count,
    async store(wallets, mode, { replace = false } = {}) {
      try {
        await atomically(storage, walletStoreQueries(storage.db, storage.engine, wallets, mode, replace));
      } finally {
        walletsChanged(storage);
      }
      return count();
    },
  };
}
