import { atom } from 'nanostores';
import type { W3Features } from '../../core/options.js';

/**
 * What the backend says about the project, kept apart from the lazy project module so the
 * first chunk (options, views) can read it: the remote features, which override local
 * `options.features`, and the state of loading the project's configuration.
 */

/** Features the project's remote config sets; undefined until fetched (or without a backend). */
export const $remoteFeatures = atom<W3Features | undefined>(undefined);

export type ProjectStatus =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready' }
  /** `message` is short and user-facing (e.g. 'Could not reach http://…'); `details` says more. */
  | { state: 'error'; message: string; details?: string };

/** idle without a backend; loading, then ready or error, while the project config is fetched. */
export const $projectStatus = atom<ProjectStatus>({ state: 'idle' });
