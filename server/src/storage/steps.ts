/**
 * Runs a hot repository's Kysely queries on either engine, compiled once per call and run the
 * cheapest way each engine allows. On SQLite every statement runs synchronously on the raw handle
 * (prepared once per SQL text, kept in a bounded cache), so a call's write has happened when it
 * returns, in call order; on Postgres through Kysely's pool.
 *
 * A body of dependent statements (`transact`) is a generator yielding compiled queries and
 * receiving their results (`yield* step(q)`), written once for both engines: on SQLite it runs in
 * one synchronous better-sqlite3 transaction (nothing else on the shared handle runs in between,
 * and no transaction spans an await, as in ./atomic.ts); on Postgres in one Kysely transaction,
 * after transaction-scoped advisory locks on the given keys (taken in sorted order, so two
 * instances never deadlock on them). A body that throws rolls back on both.
 */
import { sql, type CompiledQuery } from 'kysely';
import type { Database, Statement } from 'better-sqlite3';
import type { Storage } from './engine.js';

export interface StepResult<R> {
  rows: R[];
  /** Rows changed (0 for a read). */
  changes: number;
}

export type Steps<T> = Generator<CompiledQuery, T, StepResult<unknown>>;

/** One statement of a transaction body: `const { rows } = yield* step(query.compile())`. */
export function* step<R>(query: CompiledQuery<R>): Generator<CompiledQuery, StepResult<R>, StepResult<unknown>> {
  return (yield query) as StepResult<R>;
}

/** A parameter's place while a prepared query is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once, then run with other values: `build` is called once with
 * placeholders for its `arity` arguments, and each call puts the values in their places. For the
 * hot statements, where building and compiling costs more than running (a fixed shape: no list
 * of varying length among the arguments).
 */
export function prepared<A extends unknown[], R>(
  arity: number,
  build: (...args: A) => { compile(): CompiledQuery<R> },
): (...args: A) => CompiledQuery<R> {
  let compiled: CompiledQuery<R> | undefined;
  let places: number[] = [];
  return (...args) => {
    if (!compiled) {
      compiled = build(...(Array.from({ length: arity }, (_, i) => new Slot(i)) as A)).compile();
      places = compiled.parameters.map((p) => (p instanceof Slot ? p.index : -1));
    }
    const constants = compiled.parameters;
    return { ...compiled, parameters: places.map((i, k) => (i < 0 ? constants[k] : args[i])) };
  };
}

/** `prepared` per shape (e.g. per row count), for at most `max` shapes; others are built each time. */
export function preparedByShape<A extends unknown[], R>(
  max: number,
  make: (shape: number) => (...args: A) => CompiledQuery<R>,
): (shape: number) => (...args: A) => CompiledQuery<R> {
  const shapes = new Map<number, (...args: A) => CompiledQuery<R>>();
  return (shape) => {
    if (shape > max) return make(shape);
    let query = shapes.get(shape);
    if (!query) shapes.set(shape, (query = make(shape)));
    return query;
  };
}

export interface StepRunner {
  /** Runs one statement (on SQLite before it returns). */
  one<R>(query: CompiledQuery<R>): Promise<StepResult<R>>;
  /** Runs `body` all or nothing; `locks` are advisory lock keys taken first on Postgres. */
  transact<T>(body: () => Steps<T>, locks?: readonly string[]): Promise<T>;
}

/** Prepared statements kept per SQLite handle (the SQL texts of a repository are few; lists vary by length). */
const MAX_STATEMENTS = 256;
const statements = new WeakMap<Database, Map<string, Statement>>();

function runOnHandle<R>(handle: Database, query: CompiledQuery<R>): StepResult<R> {
  let cache = statements.get(handle);
  if (!cache) statements.set(handle, (cache = new Map()));
  let statement = cache.get(query.sql);
  if (!statement) {
    if (cache.size >= MAX_STATEMENTS) cache.clear();
    statement = handle.prepare(query.sql);
    cache.set(query.sql, statement);
  }
  const values = query.parameters as unknown[];
  return statement.reader ? { rows: statement.all(...values) as R[], changes: 0 } : { rows: [], changes: statement.run(...values).changes };
}

export function stepRunner(storage: Storage): StepRunner {
  const handle = storage.sqlite;
  if (handle) {
    return {
      one(query) {
        try {
          return Promise.resolve(runOnHandle(handle, query));
        } catch (err) {
          return Promise.reject(err as Error);
        }
      },
      transact(body) {
        try {
          return Promise.resolve(
            handle.transaction(() => {
              const steps = body();
              let next = steps.next();
              while (!next.done) next = steps.next(runOnHandle(handle, next.value));
              return next.value;
            })(),
          );
        } catch (err) {
          return Promise.reject(err as Error);
        }
      },
    };
  }
  const { db } = storage;
  const toResult = <R>(r: { rows: R[]; numAffectedRows?: bigint }): StepResult<R> => ({
    rows: r.rows,
    changes: Number(r.numAffectedRows ?? 0n),
  });
  return {
    one: async (query) => toResult(await db.executeQuery(query)),
    transact: (body, locks = []) =>
      db.transaction().execute(async (trx) => {
        for (const key of [...new Set(locks)].sort()) await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
        const steps = body();
        let next = steps.next();
        while (!next.done) next = steps.next(toResult(await trx.executeQuery(next.value)));
        return next.value;
      }),
  };
}
