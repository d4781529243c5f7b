/**
 * The project's backend state, loaded lazily by configure() when `apiUrl` is set. In the
 * background and in parallel it checks the allowed origins, reads the remote features into
 * $remoteFeatures, and reads the analytics config (starting analytics when the server enables
 * it). Problems show the spec's alerts; nothing here blocks the modal.
 */
import { ApiError } from '../../api/errors.js';
import { currentPage, type PageLocation } from '../../api/page.js';
import { createProviderApi, type ProviderApi } from '../../api/provider-api.js';
import type { RemoteFeatures } from '../../wire/provider-api.js';
import { W3Error } from '../../core/errors.js';
import { logger } from '../../core/logger.js';
import { SOCIAL_PROVIDERS, type SocialProvider, type W3Features } from '../../core/options.js';
import { isOriginAllowed } from '../../wire/origins.js';
import { showAlert } from '../ui/alerts.js';
import { $options } from '../app/options.js';
import { $projectStatus, $remoteFeatures, type ProjectStatus } from '../app/remote-features.js';

export interface ProjectDeps {
  /** The page's location; by default `location` when called. Without one the origin check is skipped. */
  location?: PageLocation | undefined;
  /** Clock of analytics' error-event limit. */
  now?: () => number;
}

interface Run {
  key: string;
  controller: AbortController;
  done: Promise<void>;
  stopAnalytics?: () => void;
}

let run: Run | undefined;
let cachedApi: { key: string; api: ProviderApi } | undefined;
let lastIgnoredWarning = '';

const keyOf = (apiUrl: string, projectId: string | undefined) => `${apiUrl}\n${projectId ?? ''}`;

/** The Provider API client of the current options; undefined unless both apiUrl and projectId are set. */
export function getProviderApi(): ProviderApi | undefined {
  const options = $options.get();
  if (!options?.apiUrl || !options.projectId) return undefined;
  const key = keyOf(options.apiUrl, options.projectId);
  if (cachedApi?.key !== key) cachedApi = { key, api: createProviderApi({ apiUrl: options.apiUrl, projectId: options.projectId }) };
  return cachedApi.api;
}

const BOOLEAN_FEATURES = ['email', 'swaps', 'onramp', 'send', 'receive', 'history', 'analytics'] as const;

/** Remote features as option features; social providers the modal does not know are dropped. */
export function remoteToFeatures(remote: RemoteFeatures): W3Features {
  const features: W3Features = {};
  for (const key of BOOLEAN_FEATURES) {
    const value = remote[key];
    if (value !== undefined) features[key] = value;
  }
  if (remote.socials !== undefined) {
    features.socials =
      remote.socials === false
        ? false
        : remote.socials.filter((s): s is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(s));
  }
  return features;
}

/** Keys the page set in `options.features` that the remote config sets to something else. */
function ignoredLocalKeys(): string[] {
  const local = $options.get()?.features;
  const remote = $remoteFeatures.get();
  if (!local || !remote) return [];
  return (Object.keys(remote) as (keyof W3Features)[]).filter(
    (key) => local[key] !== undefined && JSON.stringify(local[key]) !== JSON.stringify(remote[key]),
  );
}

function warnIgnoredLocalFeatures(): void {
  const keys = ignoredLocalKeys();
  if (keys.length === 0) return;
  const text = keys.join(', ');
  if (text !== lastIgnoredWarning) {
    lastIgnoredWarning = text;
    logger.warn(`Local configuration ignored: the project's remote configuration overrides features ${text}`);
  }
  showAlert('LOCAL_CONFIGURATION_IGNORED');
}

function errorStatus(err: unknown): ProjectStatus {
  if (err instanceof W3Error) return { state: 'error', message: err.shortMessage, ...(err.details ? { details: err.details } : {}) };
  return { state: 'error', message: err instanceof Error ? err.message : String(err) };
}

const isForbidden = (err: unknown) => err instanceof ApiError && err.status === 403;

async function checkOrigin(api: ProviderApi, location: PageLocation | undefined, current: Run): Promise<void> {
  const result = await api.getAllowedOrigins({ signal: current.controller.signal }).catch(() => undefined);
  if (run !== current || !result) return;
  if (!Array.isArray(result)) {
    logger.error(`The allowed-origins check failed: ${result.error}`);
    showAlert(result.error);
    return;
  }
  if (result.length > 0 && location && !isOriginAllowed(location.origin, result)) {
    logger.error(`This page's origin ${location.origin} is not in the project's allowed origins`, { allowedOrigins: result });
    showAlert('INVALID_APP_CONFIGURATION');
  }
}

async function loadConfig(api: ProviderApi, current: Run): Promise<void> {
  try {
    const { features } = await api.getProjectConfig({ signal: current.controller.signal });
    if (run !== current) return;
    $remoteFeatures.set(remoteToFeatures(features));
    $projectStatus.set({ state: 'ready' });
    warnIgnoredLocalFeatures();
  } catch (err) {
    if (run !== current) return;
    if (isForbidden(err)) showAlert('INVALID_APP_CONFIGURATION');
    logger.error('Could not load the project configuration', err);
    $projectStatus.set(errorStatus(err));
  }
}

async function loadAnalytics(api: ProviderApi, deps: ProjectDeps, current: Run): Promise<void> {
  try {
    const { isAnalyticsEnabled } = await api.getAnalyticsConfig({ signal: current.controller.signal });
    if (run !== current || !isAnalyticsEnabled) return;
    const { startAnalytics } = await import('./analytics.js');
    if (run !== current) return;
    current.stopAnalytics = startAnalytics({ api, ...deps });
  } catch (err) {
    if (run !== current) return;
    if (isForbidden(err)) showAlert('INVALID_APP_CONFIGURATION');
    logger.warn('Could not load the analytics configuration; analytics stays off', err);
  }
}

/**
 * Starts loading the project of the current options (configure() calls it when apiUrl is set).
 * Does nothing new for the same apiUrl and projectId; another pair stops the previous run
 * first; no apiUrl stops it. The promise settles when every fetch did (it never rejects).
 */
export function initProject(deps: ProjectDeps = {}): Promise<void> {
  const options = $options.get();
  if (!options?.apiUrl) {
    stopProject();
    return Promise.resolve();
  }
  const key = keyOf(options.apiUrl, options.projectId);
  if (run?.key === key) {
    warnIgnoredLocalFeatures();
    return run.done;
  }
  stopProject();
  const current: Run = { key, controller: new AbortController(), done: Promise.resolve() };
  run = current;
  const api = getProviderApi();
  if (!api) {
    logger.error('apiUrl is set without projectId: the backend is not used');
    showAlert('PROJECT_ID_NOT_CONFIGURED');
    $projectStatus.set({ state: 'error', message: 'Project ID Not Configured', details: 'Set projectId to use the backend at apiUrl.' });
    return current.done;
  }
  $projectStatus.set({ state: 'loading' });
  const location = 'location' in deps ? deps.location : currentPage();
  current.done = Promise.all([checkOrigin(api, location, current), loadConfig(api, current), loadAnalytics(api, deps, current)]).then(
    () => undefined,
  );
  return current.done;
}

/** Stops the current run (aborting its requests and analytics) and forgets the remote state. */
export function stopProject(): void {
  if (run) {
    run.controller.abort();
    run.stopAnalytics?.();
    run = undefined;
  }
  lastIgnoredWarning = '';
  $remoteFeatures.set(undefined);
  $projectStatus.set({ state: 'idle' });
}
