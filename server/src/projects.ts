/**
 * Projects: who may use the backend. A project has allowed origins (CORS and the client's
 * own origin check), remote features (GET /appkit/v1/config), an analytics switch and the
 * chains it takes sign-in on (SIWX; null for the server's default, see siwx/chains.ts).
 */
import { remoteFeaturesSchema, type RemoteFeatures } from '../../src/wire/provider-api.js';
import { isOriginPattern } from '../../src/wire/origins.js';
import type { Database } from './db/open.js';
import { InputError, NotFoundError } from './errors.js';
import { validateSiwxChains } from './siwx/chains.js';

export interface Project {
  id: string;
  name: string;
  allowedOrigins: string[];
  features: RemoteFeatures;
  analytics: boolean;
  /** CAIP-2 ids of the chains it takes sign-in on; null takes the server's default chains. */
  siwxChains: string[] | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectInput {
  id: string;
  name: string;
  allowedOrigins?: readonly string[];
  features?: RemoteFeatures;
  analytics?: boolean;
  /** null (the default) takes the server's default chains. */
  siwxChains?: readonly string[] | null;
}

export type ProjectPatch = Partial<Omit<ProjectInput, 'id'>>;

export const PROJECT_ID_MAX = 128;
export const PROJECT_NAME_MAX = 200;
export const MAX_ALLOWED_ORIGINS = 100;

export const DEV_PROJECT_ID = 'w3kit-dev';
export const DEV_PROJECT: Required<ProjectInput> = {
  id: DEV_PROJECT_ID,
  name: 'w3kit development',
  allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'],
  features: {},
  analytics: false,
  siwxChains: null,
};

interface ProjectRow {
  id: string;
  name: string;
  allowed_origins: string;
  features: string;
  analytics: number;
  siwx_chains: string | null;
  created_at: string;
  updated_at: string;
}

function fromRow(row: ProjectRow): Project {
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

/** Checks a project id: any non-empty string of at most 128 characters. */
export function validateProjectId(id: unknown): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > PROJECT_ID_MAX) {
    throw new InputError('id', `Invalid project id: must be a non-empty string of at most ${PROJECT_ID_MAX} characters`);
  }
  return id;
}

function validateName(name: unknown): string {
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > PROJECT_NAME_MAX) {
    throw new InputError('name', `Invalid project name: must be a non-empty string of at most ${PROJECT_NAME_MAX} characters`);
  }
  return name.trim();
}

function validateOrigins(origins: unknown): string[] {
  if (!Array.isArray(origins)) throw new InputError('allowedOrigins', 'Invalid allowedOrigins: must be a list of origin patterns');
  if (origins.length > MAX_ALLOWED_ORIGINS) {
    throw new InputError('allowedOrigins', `Invalid allowedOrigins: at most ${MAX_ALLOWED_ORIGINS} origins`);
  }
  const out: string[] = [];
  origins.forEach((origin: unknown, i) => {
    if (typeof origin !== 'string' || !isOriginPattern(origin.trim())) {
      throw new InputError(
        'allowedOrigins',
        `Invalid allowedOrigins[${i}] ${JSON.stringify(origin)}: must be an origin such as https://app.example.com, http://localhost:*, https://*.example.com or *`,
      );
    }
    const trimmed = origin.trim();
    if (!out.includes(trimmed)) out.push(trimmed);
  });
  return out;
}

const FEATURE_KEYS = new Set(Object.keys(remoteFeaturesSchema.shape));

function validateFeatures(features: unknown): RemoteFeatures {
  if (typeof features !== 'object' || features === null || Array.isArray(features)) {
    throw new InputError('features', 'Invalid features: must be an object');
  }
  for (const key of Object.keys(features)) {
    if (!FEATURE_KEYS.has(key)) {
      throw new InputError(`features.${key}`, `Invalid features: unknown feature '${key}' (known: ${[...FEATURE_KEYS].join(', ')})`);
    }
  }
  const parsed = remoteFeaturesSchema.safeParse(features);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = ['features', ...issue.path.map(String)].join('.');
    throw new InputError(field, `Invalid ${field}: ${issue.message}`);
  }
  return parsed.data;
}

function validateAnalytics(analytics: unknown): boolean {
  if (typeof analytics !== 'boolean') throw new InputError('analytics', 'Invalid analytics: must be true or false');
  return analytics;
}

/** A project's sign-in chains: null for the server's default, else a valid list. */
function optionalSiwxChains(chains: unknown): string[] | null {
  return chains === null ? null : validateSiwxChains(chains);
}

function siwxChainsColumn(chains: readonly string[] | null): string | null {
  return chains === null ? null : JSON.stringify(chains);
}

/** The project with this id, or undefined. */
export function getProject(db: Database, id: string): Project | undefined {
  const row = db.prepare('SELECT * FROM projects WHERE id = ?').get(id) as ProjectRow | undefined;
  return row && fromRow(row);
}

/** Every project, by id. */
export function listProjects(db: Database): Project[] {
  return (db.prepare('SELECT * FROM projects ORDER BY id').all() as ProjectRow[]).map(fromRow);
}

/** Creates a project; throws an InputError naming the field when something is invalid or the id is taken. */
export function createProject(db: Database, input: ProjectInput): Project {
  const id = validateProjectId(input.id);
  const name = validateName(input.name);
  const allowedOrigins = validateOrigins(input.allowedOrigins ?? []);
  const features = validateFeatures(input.features ?? {});
  const analytics = validateAnalytics(input.analytics ?? false);
  const siwxChains = optionalSiwxChains(input.siwxChains ?? null);
  if (getProject(db, id)) throw new InputError('id', `Project '${id}' already exists`);
  const now = new Date().toISOString();
  db.prepare(
    `INSERT INTO projects (id, name, allowed_origins, features, analytics, siwx_chains, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(id, name, JSON.stringify(allowedOrigins), JSON.stringify(features), analytics ? 1 : 0, siwxChainsColumn(siwxChains), now, now);
  return getProject(db, id)!;
}

/** Changes the given fields of a project (features are replaced as a whole). */
export function updateProject(db: Database, id: string, patch: ProjectPatch): Project {
  const current = getProject(db, id);
  if (!current) throw new NotFoundError(`Unknown project '${id}'`);
  const next = {
    name: patch.name === undefined ? current.name : validateName(patch.name),
    allowedOrigins: patch.allowedOrigins === undefined ? current.allowedOrigins : validateOrigins(patch.allowedOrigins),
    features: patch.features === undefined ? current.features : validateFeatures(patch.features),
    analytics: patch.analytics === undefined ? current.analytics : validateAnalytics(patch.analytics),
    siwxChains: patch.siwxChains === undefined ? current.siwxChains : optionalSiwxChains(patch.siwxChains),
  };
  db.prepare(
    'UPDATE projects SET name = ?, allowed_origins = ?, features = ?, analytics = ?, siwx_chains = ?, updated_at = ? WHERE id = ?',
  ).run(
    next.name,
    JSON.stringify(next.allowedOrigins),
    JSON.stringify(next.features),
    next.analytics ? 1 : 0,
    siwxChainsColumn(next.siwxChains),
    new Date().toISOString(),
    id,
  );
  return getProject(db, id)!;
}

/** Deletes a project and its analytics events; false when there was none. */
export function deleteProject(db: Database, id: string): boolean {
  return db.prepare('DELETE FROM projects WHERE id = ?').run(id).changes > 0;
}

/** Creates the development project `w3kit-dev` unless it exists (an existing one is left as it is). */
export function seedDevProject(db: Database): Project {
  return getProject(db, DEV_PROJECT_ID) ?? createProject(db, DEV_PROJECT);
}
