/** Types for postgres.mjs. */
export interface PostgresWay {
  kind: 'binary' | 'embedded';
  binDir?: string;
  how: string;
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export interface RunningPostgres {
  /** How it was found or got, e.g. `found /usr/lib/postgresql/15/bin/postgres`. */
  how: string;
  port: number;
  /** Its folder in the temp folder (data, socket), removed by stop(). */
  dir: string;
  /** Milliseconds from the call to a cluster answering. */
  ms: number;
  url(database: string): string;
  createDatabase(template?: string): Promise<ThrowawayDatabase>;
  stop(): Promise<void>;
}

export const NO_POSTGRES: string;
export const PG_USER: string;
export function findInstalled(env?: Record<string, string | undefined>): { binDir: string; how: string } | undefined;
export function getPostgres(only?: string): Promise<PostgresWay>;
export function freePort(): Promise<number>;
export function startPostgres(): Promise<RunningPostgres>;
export function databasesOn(adminUrl: string): Pick<RunningPostgres, 'url' | 'createDatabase'>;
