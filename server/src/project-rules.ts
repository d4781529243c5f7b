/**
 * Projects' rules: who may use the backend. A project has allowed origins (CORS and the client's
 * own origin check), remote features (GET /appkit/v1/config), an analytics switch and the
 * chains it takes sign-in on (SIWX; null for the server's default, see siwx/chains.ts).
 * This module holds the rules (what a valid project is); storage/projects.ts stores projects, and
 * routes and commands reach them as the `projects` repository (`app.projects`, `server.projects`).
 */
import { remoteFeaturesSchema, type RemoteFeatures } from '../../src/wire/provider-api.js';
import { isOriginPattern } from '../../src/wire/origins.js';
import { InputError } from './errors.js';
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

/** A new project's fields, checked and normalized; throws an InputError naming the field. */
export function validateProjectInput(input: ProjectInput): Omit<Project, 'createdAt' | 'updatedAt'> {
  return {
    id: validateProjectId(input.id),
    name: validateName(input.name),
    allowedOrigins: validateOrigins(input.allowedOrigins ?? []),
    features: validateFeatures(input.features ?? {}),
    analytics: validateAnalytics(input.analytics ?? false),
    siwxChains: optionalSiwxChains(input.siwxChains ?? null),
  };
}

/** The project after a patch (features are replaced as a whole); throws an InputError naming the field. */
export function patchedProject(current: Project, patch: ProjectPatch): Omit<Project, 'createdAt' | 'updatedAt'> {
  return {
    id: current.id,
    name: patch.name === undefined ? current.name : validateName(patch.name),
    allowedOrigins: patch.allowedOrigins === undefined ? current.allowedOrigins : validateOrigins(patch.allowedOrigins),
    features: patch.features === undefined ? current.features : validateFeatures(patch.features),
    analytics: patch.analytics === undefined ? current.analytics : validateAnalytics(patch.analytics),
    siwxChains: patch.siwxChains === undefined ? current.siwxChains : optionalSiwxChains(patch.siwxChains),
  };
}
