/**
 * The sandbox checkout sessions' repository (`app.onrampSessions`, table onramp_sessions) on
 * either engine; the rules are ../onramp/sessions.ts's. Every state change is one conditional
 * UPDATE (... WHERE status = ... RETURNING id), so under concurrency, on SQLite or on Postgres
 * with several instances, a session is claimed for its payout by one caller only, its payout is
 * recorded once, and it is paid once. A session is created under its project's cap of open ones
 * in one transaction (on Postgres under an advisory lock of the project), so instances racing
 * never pass the cap.
 *
 * A claim names its owner (`owner`: this repository's random id, one per running instance) and
 * its time. Only the owner records or gives back its claim; at start and on each watch pass
 * (../onramp/settle.ts) any instance gives back the unrecorded claims older than CLAIM_STALE_MS,
 * whoever made them: those of a dead instance, never one a live instance is about to sign. The
 * rule needs no list of live instances (a restarted instance has a new id, so its old claims are
 * stale ones like any dead instance's); claims from before migration 19 (no time) count as stale.
 */
import type { Selectable } from 'kysely';
import { CLAIM_STALE_MS, randomToken, type NewSession, type OnrampSession, type OnrampSessions } from '../onramp/sessions.js';
import type { Storage } from './engine.js';
import { step, stepRunner } from './steps.js';
import type { OnrampSessionsTable } from './feature-schema.js';

const fromRow = (r: Omit<Selectable<OnrampSessionsTable>, 'claimed_by' | 'claimed_at'>): OnrampSession => ({
  id: r.id,
  csrf: r.csrf,
  projectId: r.project_id,
  chainId: r.chain_id,
  address: r.address,
  asset: r.asset,
  cryptoAmount: r.crypto_amount,
  fiatTotal: r.fiat_total,
  fiatFee: r.fiat_fee,
  fiatCurrency: r.fiat_currency,
  status: r.status,
  txHash: r.tx_hash,
  txNonce: r.tx_nonce,
  txFrom: r.tx_from,
  failure: r.failure,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  paidAt: r.paid_at,
});

/** A claim given back: pending, and no one's. */
const GIVEN_BACK = { status: 'pending', claimed_by: null, claimed_at: null } as const;

const COLUMNS = [
  'id',
  'csrf',
  'project_id',
  'chain_id',
  'address',
  'asset',
  'crypto_amount',
  'fiat_total',
  'fiat_fee',
  'fiat_currency',
  'status',
  'tx_hash',
  'tx_nonce',
  'tx_from',
  'tx_raw',
  'failure',
  'created_at',
  'expires_at',
  'paid_at',
] as const;

const newSession = (s: NewSession): OnrampSession => ({
  ...s,
  id: randomToken(),
  csrf: randomToken(),
  status: 'pending',
  txHash: null,
  txNonce: null,
  txFrom: null,
  failure: null,
  paidAt: null,
});

const toRow = (s: OnrampSession) => ({
  id: s.id,
  csrf: s.csrf,
  project_id: s.projectId,
  chain_id: s.chainId,
  address: s.address,
  asset: s.asset,
  crypto_amount: s.cryptoAmount,
  fiat_total: s.fiatTotal,
  fiat_fee: s.fiatFee,
  fiat_currency: s.fiatCurrency,
  status: 'pending' as const,
  created_at: s.createdAt,
  expires_at: s.expiresAt,
});

/**
 * Which of `hashes` (lower-case transaction hashes of `chainId`) are sandbox payouts: the
 * history shows them as purchases. One indexed query (onramp_sessions_by_tx) per history page.
 */
export async function onrampPayoutsAmong(storage: Storage, chainId: string, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await storage.db
    .selectFrom('onramp_sessions')
    .select('tx_hash')
    .where('chain_id', '=', chainId)
    .where('tx_hash', 'in', [...hashes])
    .execute();
  return new Set(rows.flatMap((r) => (r.tx_hash ? [r.tx_hash.toLowerCase()] : [])));
}

/** `owner` names this instance's claims (default a fresh random id). */
export function onrampSessionsRepository(storage: Storage, owner: string = randomToken()): OnrampSessions {
  const { db } = storage;
  const run = stepRunner(storage);
  /** How many of the project's sessions are open at `now`: unpaid and unexpired, or being paid. */
  const openOf = (projectId: string, now: number) =>
    db
      .selectFrom('onramp_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where((eb) => eb.or([eb('status', '=', 'paying'), eb.and([eb('status', '=', 'pending'), eb('expires_at', '>', now)])]));
  const sessions = db.selectFrom('onramp_sessions').select(COLUMNS);
  const update = () => db.updateTable('onramp_sessions');
  /** Whether the conditional update changed the row. */
  const changed = async (query: { executeTakeFirst(): Promise<{ numUpdatedRows: bigint }> }) =>
    (await query.executeTakeFirst()).numUpdatedRows > 0n;
  return {
    async create(s) {
      const session = newSession(s);
      await db.insertInto('onramp_sessions').values(toRow(session)).execute();
      return session;
    },
    createUnder(s, maxOpen) {
      const session = newSession(s);
      return run.transact(
        function* () {
          const { rows } = yield* step(openOf(s.projectId, s.createdAt).compile());
          if (Number(rows[0]!.n) >= maxOpen) return undefined;
          yield* step(db.insertInto('onramp_sessions').values(toRow(session)).compile());
          return session;
        },
        [`onramp_sessions:open:${s.projectId}`],
      );
    },
    async get(id) {
      const row = await sessions.where('id', '=', id).executeTakeFirst();
      return row && fromRow(row);
    },
    async rawTx(id) {
      const row = await db.selectFrom('onramp_sessions').select('tx_raw').where('id', '=', id).executeTakeFirst();
      return row?.tx_raw ?? undefined;
    },
    async open(projectId, now) {
      return Number((await openOf(projectId, now).executeTakeFirstOrThrow()).n);
    },
    async claim(id, now) {
      const claimed = await update()
        .set({ status: 'paying', claimed_by: owner, claimed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .returning('id')
        .executeTakeFirst();
      return claimed !== undefined;
    },
    async record(id, tx) {
      const recorded = await update()
        .set({ tx_hash: tx.hash, tx_nonce: tx.nonce, tx_from: tx.from, tx_raw: tx.raw })
        .where('id', '=', id)
        .where('status', '=', 'paying')
        .where('claimed_by', '=', owner)
        .where('tx_hash', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return recorded !== undefined;
    },
    async paid(id, now) {
      await update()
        .set({ status: 'paid', paid_at: now })
        .where('id', '=', id)
        .where('status', '=', 'paying')
        .where('tx_hash', 'is not', null)
        .execute();
    },
    async fail(id, reason) {
      await update().set({ status: 'failed', failure: reason }).where('id', '=', id).where('status', '=', 'paying').execute();
    },
    release: (id) =>
      changed(
        update()
          .set(GIVEN_BACK)
          .where('id', '=', id)
          .where('status', '=', 'paying')
          .where('tx_hash', 'is', null)
          .where('claimed_by', '=', owner),
      ),
    async releaseUnrecorded(now) {
      const { numUpdatedRows } = await update()
        .set(GIVEN_BACK)
        .where('status', '=', 'paying')
        .where('tx_hash', 'is', null)
        .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<=', now - CLAIM_STALE_MS)]))
        .executeTakeFirst();
      return Number(numUpdatedRows);
    },
    async paying(limit) {
      return (await sessions.where('status', '=', 'paying').orderBy('created_at').limit(limit).execute()).map(fromRow);
    },
    async sweep(before) {
      const { numDeletedRows } = await db
        .deleteFrom('onramp_sessions')
        .where('status', '=', 'pending')
        .where('expires_at', '<', before)
        .executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
