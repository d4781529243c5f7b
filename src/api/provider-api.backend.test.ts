/** The Provider API client against the real backend of server/ (seeded, on a free port). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, DEV_PROJECT_ID, queryWallets, startServer, type RunningServer } from '../../server/src/index.js';
import { WALLETS } from '../core/constants.js';
import { ApiError } from './errors.js';
import { createProviderApi } from './provider-api.js';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, seed: { wallets: 1000 } });
  createProject(server.db, {
    id: 'configured',
    name: 'Configured',
    allowedOrigins: ['https://app.example.com', 'http://localhost:*'],
    features: { email: true, socials: ['google', 'github'], swaps: false },
    analytics: true,
  });
});

afterAll(async () => {
  await server.close();
});

const dev = () => createProviderApi({ apiUrl: server.url, projectId: DEV_PROJECT_ID });

describe('getWallets on the seeded backend', () => {
  it('pages through all 1000 wallets, 40 at a time, without overlap', async () => {
    const api = dev();
    const first = await api.getWallets({ page: 1, entries: WALLETS.pageSize });
    expect(first.count).toBe(1000);
    expect(first.data).toHaveLength(40);
    const second = await api.getWallets({ page: 2, entries: WALLETS.pageSize });
    expect(second.data).toHaveLength(40);
    const firstIds = new Set(first.data.map((w) => w.id));
    expect(second.data.some((w) => firstIds.has(w.id))).toBe(false);
    expect(first.data).toEqual(queryWallets(server.db, { page: 1, entries: 40 }).data);
    const last = await api.getWallets({ page: 25, entries: 40 });
    expect(last.data).toHaveLength(40);
    await expect(api.getWallets({ page: 26, entries: 40 })).resolves.toEqual({ count: 1000, data: [] });
  });

  it('searches by name', async () => {
    const reply = await dev().getWallets({ search: 'MetaM', entries: WALLETS.searchMax });
    expect(reply.data[0]?.name).toBe('MetaMask');
    expect(reply).toEqual(queryWallets(server.db, { search: 'MetaM', entries: WALLETS.searchMax }));
  });

  it('sends include, exclude and chains as comma lists', async () => {
    const api = dev();
    const included = await api.getWallets({ include: ['metamask', 'rainbow'] });
    expect(included.data.map((w) => w.id).sort()).toEqual(['metamask', 'rainbow']);
    const excluded = await api.getWallets({ exclude: ['metamask'], entries: 100 });
    expect(excluded.count).toBe(999);
    expect(excluded.data.some((w) => w.id === 'metamask')).toBe(false);
    const onSolana = await api.getWallets({ chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], entries: 100 });
    expect(onSolana.count).toBeGreaterThan(0);
    expect(onSolana.data.every((w) => w.chains.includes('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'))).toBe(true);
  });

  it('a bad parameter is a 400 naming the field', async () => {
    const err = await dev()
      .getWallets({ entries: 1000 })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).shortMessage).toBe('HTTP status code: 400');
    expect((err as ApiError).field).toBe('entries');
  });
});

describe('project endpoints on the backend', () => {
  it('reads the allowed origins', async () => {
    await expect(dev().getAllowedOrigins()).resolves.toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
    const api = createProviderApi({ apiUrl: server.url, projectId: 'configured' });
    await expect(api.getAllowedOrigins()).resolves.toEqual(['https://app.example.com', 'http://localhost:*']);
  });

  it('reads the remote features and the analytics switch', async () => {
    const api = createProviderApi({ apiUrl: server.url, projectId: 'configured' });
    await expect(api.getProjectConfig()).resolves.toEqual({ features: { email: true, socials: ['google', 'github'], swaps: false } });
    await expect(api.getAnalyticsConfig()).resolves.toEqual({ isAnalyticsEnabled: true });
    await expect(dev().getAnalyticsConfig()).resolves.toEqual({ isAnalyticsEnabled: false });
  });

  it('an unknown project gets a 403 for the config and an empty origin list', async () => {
    const api = createProviderApi({ apiUrl: server.url, projectId: 'no-such-project' });
    const err = await api.getProjectConfig().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).details).toBe("Unknown project 'no-such-project'");
    await expect(api.getAnalyticsConfig()).rejects.toMatchObject({ status: 403 });
    await expect(api.getAllowedOrigins()).resolves.toEqual([]);
  });

  it('serves the images the URL builders point at', async () => {
    const api = dev();
    for (const url of [api.walletImageUrl('metamask'), api.assetImageUrl('eip155:1')]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
    }
  });
});

describe('rate limiting on the backend', () => {
  it('a rate-limited origins fetch gives RATE_LIMITED', async () => {
    const limited = await startServer({ port: 0, seed: { wallets: 10 }, rateLimit: { max: 1, windowMs: 60_000 } });
    try {
      const api = createProviderApi({ apiUrl: limited.url, projectId: DEV_PROJECT_ID });
      await expect(api.getAllowedOrigins()).resolves.toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
      await expect(api.getAllowedOrigins()).resolves.toEqual({ error: 'RATE_LIMITED' });
      const err = await api.getProjectConfig().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(429);
      expect((err as ApiError).retryAfterMs).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
