/**
 * The wallet registry table: storing entries and the GET /getWallets query (paging, search,
 * include/exclude, badge and chain filters).
 */
import { GET_WALLETS_LIMITS, type GetWalletsParams, type GetWalletsReply, type WalletEntry } from '../../../src/wire/provider-api.js';
import { isAllowedWalletLink } from '../../../src/wire/links.js';
import type { Database } from '../db/open.js';

interface WalletRow {
  id: string;
  name: string;
  homepage: string | null;
  image_id: string;
  sort_order: number;
  rdns: string | null;
  chains: string;
  badge_type: 'certified' | 'none';
  mobile_link: string | null;
  desktop_link: string | null;
  webapp_link: string | null;
  link_mode: string | null;
  app_store: string | null;
  play_store: string | null;
  chrome_store: string | null;
  injected: string | null;
  supports_wc: number;
}

/** A stored link as served: null when it is not allowed (a row imported before links were checked). */
const link = (value: string | null): string | null => (isAllowedWalletLink(value) ? value : null);

function fromRow(row: WalletRow): WalletEntry {
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

export type WriteMode = 'upsert' | 'ignore';

/** Writes entries (already validated); 'ignore' keeps wallets whose id exists. Returns how many rows changed. */
export function writeWallets(db: Database, entries: readonly WalletEntry[], mode: WriteMode = 'upsert'): number {
  const columns =
    'id, name, homepage, image_id, sort_order, rdns, chains, badge_type, mobile_link, desktop_link, webapp_link, link_mode, app_store, play_store, chrome_store, injected, supports_wc';
  const updates = columns
    .split(', ')
    .slice(1)
    .map((c) => `${c} = excluded.${c}`)
    .join(', ');
  const insert = db.prepare(
    `INSERT INTO wallets (${columns}) VALUES (${columns.replace(/\w+/g, '?')})
     ON CONFLICT (id) DO ${mode === 'upsert' ? `UPDATE SET ${updates}` : 'NOTHING'}`,
  );
  let changed = 0;
  for (const w of entries) {
    changed += insert.run(
      w.id,
      w.name,
      w.homepage,
      w.image_id,
      w.order,
      w.rdns,
      JSON.stringify(w.chains),
      w.badge_type,
      w.mobile_link,
      w.desktop_link,
      w.webapp_link,
      w.link_mode,
      w.app_store,
      w.play_store,
      w.chrome_store,
      w.injected === null ? null : JSON.stringify(w.injected),
      w.supports_wc ? 1 : 0,
    ).changes;
  }
  return changed;
}

export function countWallets(db: Database): number {
  return (db.prepare('SELECT count(*) AS n FROM wallets').get() as { n: number }).n;
}

export function getWallet(db: Database, id: string): WalletEntry | undefined {
  const row = db.prepare('SELECT * FROM wallets WHERE id = ?').get(id) as WalletRow | undefined;
  return row && fromRow(row);
}

/** A /getWallets query (see GetWalletsParams): a bare namespace in `chains` (`eip155`) means any chain of it. */
export type WalletQuery = GetWalletsParams;

/** SQLite's lower() folds ASCII only; fold the term the same way so both sides agree. */
function foldAscii(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The wallets matching `query`, ordered by `order` then name (search: names starting with the term first). */
export function queryWallets(db: Database, query: WalletQuery = {}): GetWalletsReply {
  const page = query.page ?? 1;
  const entries = query.entries ?? GET_WALLETS_LIMITS.defaultEntries;
  const where: string[] = [];
  const params: unknown[] = [];
  const term = foldAscii((query.search ?? '').trim());
  if (query.include !== undefined) {
    where.push(`id IN (${placeholders(query.include.length)})`);
    params.push(...query.include);
  }
  if (query.exclude?.length) {
    where.push(`id NOT IN (${placeholders(query.exclude.length)})`);
    params.push(...query.exclude);
  }
  if (query.badge_type) {
    where.push('badge_type = ?');
    params.push(query.badge_type);
  }
  if (query.chains?.length) {
    const ids = query.chains.filter((c) => c.includes(':'));
    const namespaces = query.chains.filter((c) => !c.includes(':'));
    const match = [
      ...(ids.length ? [`c.value IN (${placeholders(ids.length)})`] : []),
      ...(namespaces.length ? [`substr(c.value, 1, instr(c.value, ':') - 1) IN (${placeholders(namespaces.length)})`] : []),
    ];
    where.push(`EXISTS (SELECT 1 FROM json_each(wallets.chains) AS c WHERE ${match.join(' OR ')})`);
    params.push(...ids, ...namespaces);
  }
  if (term) {
    where.push('(instr(lower(name), ?) > 0 OR instr(id, ?) > 0)');
    params.push(term, term);
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const { n: count } = db.prepare(`SELECT count(*) AS n FROM wallets ${whereSql}`).get(...params) as { n: number };
  // `+sort_order` keeps SQLite off the sort_order index: with that index, an EXISTS over
  // json_each(chains) and an OFFSET, SQLite 3.53 skipped the OFFSET's rows wrongly (page 2 of
  // `chains=eip155` started at the third wallet). Sorting a few thousand rows costs nothing.
  const orderSql = term ? 'ORDER BY (substr(lower(name), 1, ?) = ?) DESC, +sort_order, name, id' : 'ORDER BY +sort_order, name, id';
  const orderParams = term ? [term.length, term] : [];
  const rows = db
    .prepare(`SELECT * FROM wallets ${whereSql} ${orderSql} LIMIT ? OFFSET ?`)
    .all(...params, ...orderParams, entries, (page - 1) * entries) as WalletRow[];
  return { count, data: rows.map(fromRow) };
}
