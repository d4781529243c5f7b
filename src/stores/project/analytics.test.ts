import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProviderApi } from '../../api/provider-api.js';
import { analyticsEventSchema, type AnalyticsEvent } from '../../wire/provider-api.js';
import { clearLogs, getLogs, setLogLevel } from '../../core/logger.js';
import { networks } from '../../wire/networks.js';
import { startLoopback, type LoopbackServer, type Reply } from '../../test-utils/loopback-server.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { resetAlerts } from '../ui/alerts.js';
import { ERROR_EVENTS_MAX, ERROR_EVENTS_WINDOW_MS, startAnalytics } from './analytics.js';
import { emitEvent } from '../app/events.js';
import { $activeNamespace } from '../network/networks.js';
import { resetOptions, setOptions } from '../app/options.js';
import { initProject, stopProject } from './project.js';
import { $remoteFeatures } from '../app/remote-features.js';

const PAGE = { origin: 'http://localhost:3000', href: 'http://localhost:3000/shop?id=7', host: 'localhost:3000' };
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

let server: LoopbackServer | undefined;
let stop: (() => void) | undefined;

/** A loopback Provider API that enables analytics (or not) and records POST /e. */
async function backend(options: { enabled?: boolean; features?: object; event?: () => Reply } = {}): Promise<LoopbackServer> {
  server = await startLoopback((req) => {
    if (req.path === '/getAnalyticsConfig') return { status: 200, json: { isAnalyticsEnabled: options.enabled ?? true } };
    if (req.path === '/appkit/v1/config') return { status: 200, json: { features: options.features ?? {} } };
    if (req.path === '/projects/v1/origins') return { status: 200, json: { allowedOrigins: [] } };
    if (req.path === '/e') return options.event?.() ?? { status: 204 };
    return { status: 404 };
  });
  return server;
}

const posted = (s: LoopbackServer): AnalyticsEvent[] =>
  s.requests.filter((r) => r.path === '/e').map((r) => analyticsEventSchema.parse(JSON.parse(r.body)));

const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

/** Emits `events`, then a marker, waits for the marker to arrive, and returns what was posted before it. */
let markers = 0;
async function sentOf(s: LoopbackServer, emit: () => void): Promise<AnalyticsEvent[]> {
  emit();
  const marker = ++markers;
  emitEvent('VIEW_CHANGE', { marker });
  await vi.waitFor(() => expect(posted(s).some((e) => e.props.properties?.['marker'] === marker)).toBe(true));
  await settle();
  return posted(s).filter((e) => !e.props.properties?.['marker']);
}

async function configured(s: LoopbackServer, features?: object): Promise<void> {
  setOptions({ networks: [networks.mainnet], apiUrl: s.url, projectId: 'p1', ...(features ? { features } : {}) });
  await initProject({ location: PAGE });
}

beforeEach(() => {
  resetOptions();
  stopProject();
  resetAlerts();
  clearLogs();
  $accounts.set({});
  $activeNamespace.set(undefined);
});

afterEach(async () => {
  stop?.();
  stop = undefined;
  stopProject();
  resetOptions();
  setLogLevel('error');
  vi.restoreAllMocks();
  await server?.close();
  server = undefined;
});

describe('analytics through the project store', () => {
  it('sends nothing when the server does not enable analytics', async () => {
    const s = await backend({ enabled: false });
    await configured(s);
    emitEvent('MODAL_OPEN', { view: 'Connect' });
    emitEvent('ERROR', { message: 'x', error: new Error('x') });
    await settle();
    expect(posted(s)).toEqual([]);
  });

  it('sends nothing when the local features.analytics is false', async () => {
    const s = await backend();
    await configured(s, { analytics: false });
    emitEvent('MODAL_OPEN', { view: 'Connect' });
    await settle();
    expect(posted(s)).toEqual([]);
  });

  it('sends nothing when the remote features.analytics is false, even if the local one is true', async () => {
    const s = await backend({ features: { analytics: false } });
    await configured(s, { analytics: true });
    emitEvent('MODAL_OPEN', { view: 'Connect' });
    await settle();
    expect(posted(s)).toEqual([]);
  });

  it('sends track events with url, domain, timestamp, address and properties; never MODAL_CREATED', async () => {
    const s = await backend();
    await configured(s);
    $activeNamespace.set('eip155');
    patchAccount('eip155', { address: ADDRESS, status: 'connected' });
    const sent = await sentOf(s, () => {
      emitEvent('MODAL_CREATED', {});
      emitEvent('MODAL_OPEN', { view: 'Connect', fn: () => 1, big: 10n });
    });
    expect(sent).toHaveLength(1);
    const [event] = sent;
    expect(event!.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(event).toMatchObject({
      url: PAGE.href,
      domain: PAGE.host,
      props: { type: 'track', event: 'MODAL_OPEN', address: ADDRESS, properties: { view: 'Connect', big: '10' } },
    });
    expect(Math.abs(event!.timestamp - Date.now())).toBeLessThan(5000);
    const req = s.requests.find((r) => r.path === '/e')!;
    expect(req.query.get('projectId')).toBe('p1');
    expect(req.query.get('st')).toBe('w3kit');
  });

  it('sends ERROR events as error props with message and stack', async () => {
    const s = await backend();
    await configured(s);
    const error = new Error('Connection rejected');
    const sent = await sentOf(s, () => emitEvent('ERROR', { error, message: 'Connection rejected' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.props).toEqual({ type: 'error', event: 'ERROR', message: 'Connection rejected', stack: error.stack!.slice(0, 4000) });
  });

  it('stops when the project stops', async () => {
    const s = await backend();
    await configured(s);
    stopProject();
    emitEvent('MODAL_OPEN', { view: 'Connect' });
    await settle();
    expect(posted(s)).toEqual([]);
  });
});

describe('startAnalytics', () => {
  it(`sends at most ${ERROR_EVENTS_MAX} error events per rolling ${ERROR_EVENTS_WINDOW_MS / 1000} s`, async () => {
    const s = await backend();
    let now = 1_000_000;
    stop = startAnalytics({ api: createProviderApi({ apiUrl: s.url, projectId: 'p1' }), location: PAGE, now: () => now });
    const error = (message: string) => emitEvent('ERROR', { message, error: new Error(message) });
    // Sends run in parallel and may arrive in any order.
    const messages = async () =>
      (await sentOf(s, () => {}))
        .filter((e) => e.props.type === 'error')
        .map((e) => e.props.message)
        .sort();

    for (let i = 0; i < 7; i++) {
      error(`e${i}`);
      now += 1000; // e0 at 0 s ... e6 at 6 s
    }
    expect(await messages()).toEqual(['e0', 'e1', 'e2', 'e3', 'e4']);

    now = 1_000_000 + ERROR_EVENTS_WINDOW_MS - 1; // e0 is still inside the window
    error('late');
    now = 1_000_000 + ERROR_EVENTS_WINDOW_MS; // e0 (at 0 s) leaves the window: one slot
    error('a');
    error('b');
    now += 1000; // e1 leaves too
    error('c');
    const after = await messages();
    expect(after).toEqual(['a', 'c', 'e0', 'e1', 'e2', 'e3', 'e4']);
    // Track events are not limited.
    for (let i = 0; i < 8; i++) emitEvent('MODAL_OPEN', { i });
    await vi.waitFor(() => expect(posted(s).filter((e) => e.props.event === 'MODAL_OPEN')).toHaveLength(8));
  });

  it('logs a failed send, does not throw and does not retry a refused one', async () => {
    setLogLevel('warn');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await backend({ event: () => ({ status: 400, json: { message: 'props.event is too long', field: 'props.event' } }) });
    stop = startAnalytics({ api: createProviderApi({ apiUrl: s.url, projectId: 'p1' }), location: PAGE });
    emitEvent('MODAL_OPEN', { view: 'Connect' });
    await vi.waitFor(() => expect(getLogs().some((r) => r.message === 'Analytics: the MODAL_OPEN event was not sent')).toBe(true));
    await settle();
    expect(s.requests.filter((r) => r.path === '/e')).toHaveLength(1);
  });

  it('a server that keeps failing gets the bounded attempts and nothing more', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const s = await backend({ event: () => ({ status: 503 }) });
    stop = startAnalytics({ api: createProviderApi({ apiUrl: s.url, projectId: 'p1', sleep: async () => {} }), location: PAGE });
    emitEvent('MODAL_CLOSE', {});
    await vi.waitFor(() => expect(s.requests.filter((r) => r.path === '/e')).toHaveLength(3));
    await settle();
    expect(s.requests.filter((r) => r.path === '/e')).toHaveLength(3);
  });

  it('reads the analytics switch at each event', async () => {
    const s = await backend();
    stop = startAnalytics({ api: createProviderApi({ apiUrl: s.url, projectId: 'p1' }), location: PAGE });
    $remoteFeatures.set({ analytics: false });
    emitEvent('MODAL_OPEN', { n: 1 });
    $remoteFeatures.set(undefined);
    const sent = await sentOf(s, () => emitEvent('MODAL_OPEN', { n: 2 }));
    expect(sent.map((e) => e.props.properties?.['n'])).toEqual([2]);
  });
});
