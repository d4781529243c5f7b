import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure } from '../../configure.js';
import { clearLogs, getLogs, setLogLevel } from '../../core/logger.js';
import { networks } from '../../wire/networks.js';
import { closedPortUrl, startLoopback, type LoopbackServer, type Reply } from '../../test-utils/loopback-server.js';
import { MemoryStorage } from '../../test-utils/storage.js';
import { $alert, closeAlert, resetAlerts } from '../ui/alerts.js';
import { $features, resetOptions, setOptions } from '../app/options.js';
import { getProviderApi, initProject, stopProject, type ProjectDeps } from './project.js';
import { $projectStatus, $remoteFeatures } from '../app/remote-features.js';

const PAGE = { origin: 'http://localhost:3000', href: 'http://localhost:3000/app?x=1', host: 'localhost:3000' };

type Routes = Partial<Record<'origins' | 'config' | 'analytics', Reply>>;
const PATHS = { origins: '/projects/v1/origins', config: '/appkit/v1/config', analytics: '/getAnalyticsConfig' } as const;
const OK: Required<Routes> = {
  origins: { status: 200, json: { allowedOrigins: ['http://localhost:*'] } },
  config: { status: 200, json: { features: {} } },
  analytics: { status: 200, json: { isAnalyticsEnabled: false } },
};

let server: LoopbackServer | undefined;

/** A loopback stand-in for the Provider API: each route answers as given, else as OK. */
async function backend(routes: Routes = {}): Promise<LoopbackServer> {
  const replies = { ...OK, ...routes };
  server = await startLoopback((req) => {
    const route = (Object.keys(PATHS) as (keyof typeof PATHS)[]).find((key) => PATHS[key] === req.path);
    return route ? replies[route] : { status: 404, json: { message: 'Not found' } };
  });
  return server;
}

const pathsOf = (s: LoopbackServer) => s.requests.map((r) => r.path).sort();

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  resetOptions();
  stopProject();
  resetAlerts();
  clearLogs();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(async () => {
  stopProject();
  resetOptions();
  setLogLevel('error');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await server?.close();
  server = undefined;
});

describe('configure() and the project store', () => {
  it('fetches nothing at all when apiUrl is unset', async () => {
    const fetchSpy = vi.fn(fetch);
    vi.stubGlobal('fetch', fetchSpy);
    configure({ networks: [networks.mainnet], projectId: 'p1' });
    configure({ networks: [networks.mainnet] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchSpy).not.toHaveBeenCalled();
    expect($projectStatus.get()).toEqual({ state: 'idle' });
    expect($alert.get()).toBeUndefined();
  });

  it("shows 'Project ID Not Configured' when apiUrl is set without projectId, and fetches nothing", async () => {
    const s = await backend();
    configure({ networks: [networks.mainnet], apiUrl: s.url });
    await vi.waitFor(() => expect($alert.get()?.code).toBe('PROJECT_ID_NOT_CONFIGURED'));
    expect($projectStatus.get()).toMatchObject({ state: 'error', message: 'Project ID Not Configured' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(s.requests).toEqual([]);
    expect(getProviderApi()).toBeUndefined();
  });

  it('loads the project in the background without blocking configure()', async () => {
    const s = await backend({ config: 'hang', origins: 'hang', analytics: 'hang' });
    const options = configure({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1' });
    expect(options.apiUrl).toBe(s.url);
    await vi.waitFor(() => expect(s.requests).toHaveLength(3));
    expect(pathsOf(s)).toEqual([PATHS.analytics, PATHS.config, PATHS.origins].sort());
    expect($projectStatus.get()).toEqual({ state: 'loading' });
  });

  it('does not fetch again for the same apiUrl and projectId, and starts over for another', async () => {
    const s = await backend({ config: { status: 200, json: { features: { email: true } } } });
    configure({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1' });
    await vi.waitFor(() => expect($projectStatus.get().state).toBe('ready'));
    configure({ networks: [networks.mainnet, networks.base], apiUrl: s.url, projectId: 'p1', themeMode: 'dark' });
    await initProject();
    expect(s.requests).toHaveLength(3);
    expect($remoteFeatures.get()).toEqual({ email: true });

    configure({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p2' });
    await vi.waitFor(() => expect(s.requests).toHaveLength(6));
    expect(s.requests.slice(3).every((r) => r.query.get('projectId') === 'p2')).toBe(true);
  });

  it('forgets the remote state when apiUrl goes away', async () => {
    const s = await backend({ config: { status: 200, json: { features: { swaps: true } } } });
    configure({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1' });
    await vi.waitFor(() => expect($features.get().swaps).toBe(true));
    configure({ networks: [networks.mainnet] });
    await vi.waitFor(() => expect($projectStatus.get()).toEqual({ state: 'idle' }));
    expect($remoteFeatures.get()).toBeUndefined();
    expect($features.get().swaps).toBe(false);
  });
});

describe('initProject: allowed origins', () => {
  async function run(routes: Routes, deps: ProjectDeps = { location: PAGE }) {
    const s = await backend(routes);
    setOptions({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1' });
    await initProject(deps);
    return s;
  }

  it("shows 'Invalid App Configuration' once when the list does not allow the page's origin", async () => {
    await run({ origins: { status: 200, json: { allowedOrigins: ['https://app.example.com'] } } });
    expect($alert.get()).toMatchObject({ code: 'INVALID_APP_CONFIGURATION', variant: 'error' });
    expect(getLogs().some((r) => r.message.includes('http://localhost:3000'))).toBe(true);
    closeAlert();
    stopProject();
    await initProject({ location: PAGE });
    expect($alert.get()).toBeUndefined();
  });

  it('is quiet when the origin is allowed', async () => {
    await run({ origins: { status: 200, json: { allowedOrigins: ['https://x.example', 'http://localhost:*'] } } });
    expect($alert.get()).toBeUndefined();
    expect($projectStatus.get()).toEqual({ state: 'ready' });
  });

  it('is quiet for an empty list', async () => {
    await run({ origins: { status: 200, json: { allowedOrigins: [] } } });
    expect($alert.get()).toBeUndefined();
  });

  it('skips the check without a page location (SSR, Node)', async () => {
    await run({ origins: { status: 200, json: { allowedOrigins: ['https://app.example.com'] } } }, { location: undefined });
    expect($alert.get()).toBeUndefined();
  });

  it("429 shows 'Rate Limited'", async () => {
    await run({ origins: { status: 429, headers: { 'Retry-After': '0' }, json: { message: 'Too many requests' } } });
    expect($alert.get()).toMatchObject({ code: 'RATE_LIMITED', variant: 'error' });
  });

  it("5xx shows 'Server Error'", async () => {
    await run({ origins: { status: 502, text: 'Bad gateway' } });
    expect($alert.get()).toMatchObject({ code: 'SERVER_ERROR', variant: 'error' });
  });

  it('garbage or a 404 is treated as an empty list: no alert', async () => {
    await run({ origins: { status: 200, text: 'not json' } });
    expect($alert.get()).toBeUndefined();
    stopProject();
    await server?.close();
    await run({ origins: { status: 404, json: { message: 'Not found' } } });
    expect($alert.get()).toBeUndefined();
  });
});

describe('initProject: remote config', () => {
  it('puts the remote features on top of the local ones', async () => {
    const s = await backend({ config: { status: 200, json: { features: { email: true, socials: ['github', 'myspace'], onramp: true } } } });
    setOptions({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1', features: { swaps: true } });
    await initProject({ location: PAGE });
    expect($remoteFeatures.get()).toEqual({ email: true, socials: ['github'], onramp: true });
    expect($features.get()).toMatchObject({ email: true, socials: ['github'], onramp: true, swaps: true });
    expect($projectStatus.get()).toEqual({ state: 'ready' });
    expect($alert.get()).toBeUndefined();
  });

  it('warns once, naming the keys, when the remote config overrides local features', async () => {
    setLogLevel('warn');
    const s = await backend({ config: { status: 200, json: { features: { email: false, swaps: true, socials: ['google'] } } } });
    setOptions({
      networks: [networks.mainnet],
      apiUrl: s.url,
      projectId: 'p1',
      features: { email: true, swaps: true, socials: ['x'], send: false },
    });
    await initProject({ location: PAGE });
    expect($alert.get()).toEqual({ code: 'LOCAL_CONFIGURATION_IGNORED', variant: 'warning' });
    const warnings = getLogs().filter((r) => r.level === 'warn' && r.message.startsWith('Local configuration ignored'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('email, socials');
    expect(warnings[0]!.message).not.toContain('swaps');
    expect($features.get()).toMatchObject({ email: false, swaps: true, socials: ['google'], send: false });

    closeAlert();
    setOptions({ networks: [networks.base], apiUrl: s.url, projectId: 'p1', features: { email: true } });
    await initProject({ location: PAGE });
    expect($alert.get()).toBeUndefined();
  });

  it('does not warn when the local values agree with the remote ones', async () => {
    const s = await backend({ config: { status: 200, json: { features: { email: true, socials: ['google', 'x'] } } } });
    setOptions({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1', features: { email: true, socials: ['google', 'x'] } });
    await initProject({ location: PAGE });
    expect($alert.get()).toBeUndefined();
  });

  it("a 403 (unknown project) shows 'Invalid App Configuration' and sets an error status", async () => {
    const forbidden: Reply = { status: 403, json: { message: 'Unknown project' } };
    const s = await backend({ config: forbidden, origins: forbidden, analytics: { status: 200, json: { isAnalyticsEnabled: false } } });
    setOptions({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'nope' });
    await initProject({ location: PAGE });
    expect($alert.get()?.code).toBe('INVALID_APP_CONFIGURATION');
    expect($projectStatus.get()).toEqual({ state: 'error', message: 'HTTP status code: 403', details: 'Unknown project' });
    expect($remoteFeatures.get()).toBeUndefined();
  });

  it('an unreachable backend gives an error status naming it, and no alert', async () => {
    const url = await closedPortUrl();
    setOptions({ networks: [networks.mainnet], apiUrl: url, projectId: 'p1' });
    await initProject({ location: PAGE });
    expect($projectStatus.get()).toMatchObject({ state: 'error', message: `Could not reach ${url}` });
    expect($alert.get()).toBeUndefined();
  });

  it('a malformed config gives an error status naming the endpoint', async () => {
    const s = await backend({ config: { status: 200, json: { features: { email: 'yes' } } } });
    setOptions({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1' });
    await initProject({ location: PAGE });
    expect($projectStatus.get()).toMatchObject({ state: 'error', message: 'Invalid reply from /appkit/v1/config' });
  });
});

describe('initProject: analytics config', () => {
  it("a 403 shows 'Invalid App Configuration'", async () => {
    const s = await backend({ analytics: { status: 403, json: { message: 'Unknown project' } } });
    setOptions({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1' });
    await initProject({ location: PAGE });
    expect($alert.get()?.code).toBe('INVALID_APP_CONFIGURATION');
    expect($projectStatus.get()).toEqual({ state: 'ready' });
  });

  it('other failures leave analytics off quietly', async () => {
    const s = await backend({ analytics: { status: 404, json: { message: 'Not found' } } });
    setOptions({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1' });
    await initProject({ location: PAGE });
    expect($alert.get()).toBeUndefined();
  });
});

describe('getProviderApi', () => {
  it('is undefined without apiUrl or projectId', () => {
    expect(getProviderApi()).toBeUndefined();
    setOptions({ networks: [networks.mainnet], projectId: 'p1' });
    expect(getProviderApi()).toBeUndefined();
    setOptions({ networks: [networks.mainnet], apiUrl: 'http://127.0.0.1:9' });
    expect(getProviderApi()).toBeUndefined();
  });

  it('returns one client per apiUrl and projectId', () => {
    setOptions({ networks: [networks.mainnet], apiUrl: 'http://127.0.0.1:9', projectId: 'p1' });
    const first = getProviderApi();
    expect(first?.projectId).toBe('p1');
    expect(first?.walletImageUrl('i')).toBe('http://127.0.0.1:9/getWalletImage/i?projectId=p1&st=w3kit&sv=w3kit-0.1.0');
    setOptions({ networks: [networks.base], apiUrl: 'http://127.0.0.1:9', projectId: 'p1' });
    expect(getProviderApi()).toBe(first);
    setOptions({ networks: [networks.base], apiUrl: 'http://127.0.0.1:9', projectId: 'p2' });
    expect(getProviderApi()).not.toBe(first);
    expect(getProviderApi()?.projectId).toBe('p2');
  });
});
