/**
 * The projects repository's queries, synchronously on a raw SQLite handle: the same Kysely
 * builders as ./projects.ts, compiled for SQLite and run by better-sqlite3. For callers holding
 * a handle (tests seeding a database, the client's backend tests); routes and commands use the
 * async repository, which also runs on Postgres.
 */
import type { Compilable } from 'kysely';
import type { Database } from '../db/open.js';
import { InputError, NotFoundError } from '../errors.js';
import {
  DEV_PROJECT,
  DEV_PROJECT_ID,
  patchedProject,
  validateProjectInput,
  type Project,
  type ProjectInput,
  type ProjectPatch,
} from '../project-rules.js';
import { sqliteStorage } from './engine.js';
import { projectQueries } from './projects.js';

function run(db: Database, query: Compilable): { rows: unknown[]; changes: number } {
  const { sql, parameters } = query.compile();
  const statement = db.prepare(sql);
  const values = parameters as unknown[];
  return statement.reader ? { rows: statement.all(...values), changes: 0 } : { rows: [], changes: statement.run(...values).changes };
}

const queries = (db: Database) => projectQueries(sqliteStorage(db).db);

/** The project with this id, or undefined. */
export function getProject(db: Database, id: string): Project | undefined {
  const q = queries(db);
  return (run(db, q.get(id)).rows as Parameters<typeof q.fromRow>[0][]).map(q.fromRow)[0];
}

/** Every project, by id. */
export function listProjects(db: Database): Project[] {
  const q = queries(db);
  return (run(db, q.list()).rows as Parameters<typeof q.fromRow>[0][]).map(q.fromRow);
}

/** Creates a project; throws an InputError naming the field when something is invalid or the id is taken. */
export function createProject(db: Database, input: ProjectInput): Project {
  const project = validateProjectInput(input);
  if (run(db, queries(db).insert(project)).changes === 0) throw new InputError('id', `Project '${project.id}' already exists`);
  return getProject(db, project.id)!;
}

/** Changes the given fields of a project (features are replaced as a whole). */
export function updateProject(db: Database, id: string, patch: ProjectPatch): Project {
  const current = getProject(db, id);
  if (!current) throw new NotFoundError(`Unknown project '${id}'`);
  run(db, queries(db).update(patchedProject(current, patch)));
  return getProject(db, id)!;
}

/** Deletes a project and its analytics events; false when there was none. */
export function deleteProject(db: Database, id: string): boolean {
  return run(db, queries(db).remove(id)).changes > 0;
}

/** Creates the development project `w3kit-dev` unless it exists (an existing one is left as it is). */
export function seedDevProject(db: Database): Project {
  run(db, queries(db).insert(validateProjectInput(DEV_PROJECT)));
  return getProject(db, DEV_PROJECT_ID)!;
}
