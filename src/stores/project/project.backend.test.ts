/** The project store and analytics against the real backend of server/. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProject, DEV_PROJECT_ID, startServer, updateProject, type RunningServer } from '../../../server/src/index.js';
import { networks } from '../../wire/networks.js';
import { $accounts, patchAccount } from '../connection/account.js';
import { $alert, resetAlerts } from '../ui/alerts.js';
import { emitEvent } from '../app/events.js';
import { $activeNamespace } from '../network/networks.js';
import { $features, resetOptions, setOptions } from '../app/options.js';
import { initProject, stopProject } from './project.js';
import { $projectStatus } from '../app/remote-features.js';

const PAGE = { origin: 'http://localhost:5173', href: 'http://localhost:5173/mint', host: 'localhost:5173' };
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

interface EventRow {
  event_id: string;
  url: string;
  domain: string;
  type: string;
  event: string;
  props: string;
  sdk_type: string;
  sdk_version: string;
}

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, seed: { wallets: 20 } });
  createProject(server.db, {
    id: 'shop',
    name: 'Shop',
    allowedOrigins: ['http://localhost:*'],
    features: { email: true },
    analytics: true,
  });
  createProject(server.db, { id: 'elsewhere', name: 'Elsewhere', allowedOrigins: ['https://app.example.com'], analytics: false });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  resetOptions();
  stopProject();
  resetAlerts();
  $accounts.set({});
  $activeNamespace.set(undefined);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  stopProject();
  resetOptions();
  vi.restoreAllMocks();
});

const rows = (projectId: string): EventRow[] =>
  server.db.prepare('SELECT * FROM analytics_events WHERE project_id = ? ORDER BY seq').all(projectId) as EventRow[];

async function init(projectId: string, features?: object): Promise<void> {
  setOptions({ networks: [networks.mainnet], apiUrl: server.url, projectId, ...(features ? { features } : {}) });
  await initProject({ location: PAGE });
}

describe('initProject on the backend', () => {
  it('loads an allowed project quietly and applies its features', async () => {
    await init('shop');
    expect($projectStatus.get()).toEqual({ state: 'ready' });
    expect($alert.get()).toBeUndefined();
    expect($features.get().email).toBe(true);
  });

  it("an unknown project shows 'Invalid App Configuration' and an error status", async () => {
    await init('no-such-project');
    expect($alert.get()?.code).toBe('INVALID_APP_CONFIGURATION');
    expect($projectStatus.get()).toEqual({
      state: 'error',
      message: 'HTTP status code: 403',
      details: "Unknown project 'no-such-project'",
    });
  });

  it("a page origin the project does not allow shows 'Invalid App Configuration'", async () => {
    await init('elsewhere');
    expect($alert.get()?.code).toBe('INVALID_APP_CONFIGURATION');
  });

  it("warns 'Local configuration ignored' when the project overrides a local feature", async () => {
    updateProject(server.db, 'shop', { features: { email: true, swaps: false } });
    try {
      await init('shop', { swaps: true });
      expect($alert.get()).toMatchObject({ code: 'LOCAL_CONFIGURATION_IGNORED', variant: 'warning' });
      expect($features.get().swaps).toBe(false);
    } finally {
      updateProject(server.db, 'shop', { features: { email: true } });
    }
  });
});

describe('analytics on the backend', () => {
  it('stores track and error events when the project enables analytics, never MODAL_CREATED', async () => {
    const before = rows('shop').length;
    await init('shop');
    $activeNamespace.set('eip155');
    patchAccount('eip155', { address: ADDRESS, status: 'connected' });
    emitEvent('MODAL_CREATED', {});
    emitEvent('MODAL_OPEN', { view: 'Connect' });
    emitEvent('ERROR', { error: new Error('Connection rejected'), message: 'Connection rejected' });
    await vi.waitFor(() => expect(rows('shop').length).toBe(before + 2));
    const stored = rows('shop').slice(before);
    expect(stored.map((r) => r.event).sort()).toEqual(['ERROR', 'MODAL_OPEN']);
    const open = stored.find((r) => r.event === 'MODAL_OPEN')!;
    expect(open).toMatchObject({ type: 'track', url: PAGE.href, domain: PAGE.host, sdk_type: 'w3kit', sdk_version: 'w3kit-0.1.0' });
    expect(JSON.parse(open.props)).toEqual({ type: 'track', event: 'MODAL_OPEN', address: ADDRESS, properties: { view: 'Connect' } });
    const error = JSON.parse(stored.find((r) => r.event === 'ERROR')!.props) as Record<string, unknown>;
    expect(error).toMatchObject({ type: 'error', event: 'ERROR', message: 'Connection rejected' });
    expect(error['stack']).toContain('Connection rejected');
  });

  it('stores nothing for a project without analytics', async () => {
    await init(DEV_PROJECT_ID);
    emitEvent('MODAL_OPEN', { view: 'Connect' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rows(DEV_PROJECT_ID)).toEqual([]);
  });

  it('stores nothing when the page turns analytics off', async () => {
    const before = rows('shop').length;
    await init('shop', { analytics: false });
    emitEvent('MODAL_OPEN', { view: 'Connect' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rows('shop')).toHaveLength(before);
  });
});
