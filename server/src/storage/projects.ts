/**
 * The projects repository: projects and their allowed origins on either engine. The rules
 * (what a valid project is) are ../projects.ts's; this file only stores. Routes reach it as
 * `app.projects`, commands and the programmatic API as `server.projects` / `projectsRepository`.
 * Once-only rules hold under concurrency: a taken id is refused by the primary key (the insert
 * does nothing), not by a read before it, and the development project is seeded the same way.
 */
import type { Kysely, Selectable } from 'kysely';
import type { RemoteFeatures } from '../../../src/wire/provider-api.js';
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
import type { Storage } from './engine.js';
import type { ProjectsTable, StorageSchema } from './schema.js';

export interface ProjectsRepository {
  /** The project with this id, or undefined. */
  get(id: string): Promise<Project | undefined>;
  /** Every project, by id. */
  list(): Promise<Project[]>;
  /** Creates a project; an InputError names the field that is invalid, or `id` when it is taken. */
  create(input: ProjectInput): Promise<Project>;
  /** Changes the given fields (features are replaced as a whole); NotFoundError for an unknown id. */
  update(id: string, patch: ProjectPatch): Promise<Project>;
  /** Deletes a project and what hangs on it (analytics, sign-in sessions, on-ramp sessions); false when there was none. */
  remove(id: string): Promise<boolean>;
  /** Creates the development project `w3kit-dev` unless it exists (an existing one is left as it is). */
  seedDev(): Promise<Project>;
}

function fromRow(row: Selectable<ProjectsTable>): Project {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: JSON.parse(row.allowed_origins) as string[],
    features: JSON.parse(row.features) as RemoteFeatures,
    analytics: row.analytics === 1,
    siwxChains: row.siwx_chains === null ? null : (JSON.parse(row.siwx_chains) as string[]),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns of a project's fields. */
function columns(p: Omit<Project, 'id' | 'createdAt' | 'updatedAt'>) {
  return {
    name: p.name,
    allowed_origins: JSON.stringify(p.allowedOrigins),
    features: JSON.stringify(p.features),
    analytics: p.analytics ? 1 : 0,
    siwx_chains: p.siwxChains === null ? null : JSON.stringify(p.siwxChains),
  };
}

/** The queries of the repository, built once for both the async repository and projects-sync.ts. */
export function projectQueries(db: Kysely<StorageSchema>) {
  return {
    fromRow,
    get: (id: string) => db.selectFrom('projects').selectAll().where('id', '=', id),
    list: () => db.selectFrom('projects').selectAll().orderBy('id'),
    /** Inserts unless the id is taken (then changes nothing). */
    insert(project: Omit<Project, 'createdAt' | 'updatedAt'>) {
      const now = new Date().toISOString();
      return db
        .insertInto('projects')
        .values({ id: project.id, ...columns(project), created_at: now, updated_at: now })
        .onConflict((oc) => oc.column('id').doNothing());
    },
    update: (next: Omit<Project, 'createdAt' | 'updatedAt'>) =>
      db
        .updateTable('projects')
        .set({ ...columns(next), updated_at: new Date().toISOString() })
        .where('id', '=', next.id),
    remove: (id: string) => db.deleteFrom('projects').where('id', '=', id),
  };
}

export function projectsRepository({ db }: Storage): ProjectsRepository {
  const q = projectQueries(db);
  const get = async (id: string) => {
    const row = await q.get(id).executeTakeFirst();
    return row && fromRow(row);
  };
  /** True when this call created it. */
  const insert = async (project: Omit<Project, 'createdAt' | 'updatedAt'>) =>
    Number((await q.insert(project).executeTakeFirst()).numInsertedOrUpdatedRows ?? 0) > 0;
  return {
    get,
    list: async () => (await q.list().execute()).map(fromRow),
    async create(input) {
      const project = validateProjectInput(input);
      if (!(await insert(project))) throw new InputError('id', `Project '${project.id}' already exists`);
      return (await get(project.id))!;
    },
    async update(id, patch) {
      const current = await get(id);
      if (!current) throw new NotFoundError(`Unknown project '${id}'`);
      const { numUpdatedRows } = await q.update(patchedProject(current, patch)).executeTakeFirst();
      // Removed between the read and the write.
      if (numUpdatedRows === 0n) throw new NotFoundError(`Unknown project '${id}'`);
      return (await get(id))!;
    },
    async remove(id) {
      const { numDeletedRows } = await q.remove(id).executeTakeFirst();
      return numDeletedRows > 0n;
    },
    async seedDev() {
      await insert(validateProjectInput(DEV_PROJECT));
      return (await get(DEV_PROJECT_ID))!;
    },
  };
}
