/**
 * Issue 29 item 15 on the real backend: a project whose features turn the on-ramp off gets no
 * options, quotes, checkout URLs or payouts (403 naming the feature), while a project that leaves
 * it unset keeps it (the app's own option decides); a destination address in mixed case with a
 * wrong EIP-55 checksum is refused at the request (400 naming the field), not at the payout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDevPrices } from '../blockchain/prices.js';
import { startServer, type RunningServer } from '../index.js';
import { onrampSessionsRepository } from '../storage/onramp-sessions.js';
import { ONRAMP_CHECKOUT_PATH } from '../../../src/wire/onramp-api.js';

const ORIGIN = 'http://localhost:5173';
const GOOD = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
/** The same address with one letter's case flipped: a wrong checksum. */
const BAD_CHECKSUM = '0x3c44CdDdB6a900fa2b585dd299e03d12FA4293BC';
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ port: 0, relayPort: false, framePort: false });
  await server.projects.seedDev();
  await seedDevPrices(server.storage);
  await server.projects.create({ id: 'no-onramp', name: 'No on-ramp', allowedOrigins: [ORIGIN], features: { onramp: false } });
});
afterAll(async () => {
  await server?.close();
});

async function api(path: string, project: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}?projectId=${project}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as { message: string; field?: string } };
}

const quote = { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '100', network: 'base' };
const urlBody = (address: string) => ({
  destinationWallets: [{ address, blockchains: ['localhost'] }],
  partnerUserId: 'u1',
  presetFiatAmount: 100,
});

describe('the on-ramp feature', () => {
  it('refuses options, quotes and checkout URLs to a project that turned it off, naming the feature', async () => {
    for (const [path, body] of [
      ['/v1/onramp/options', undefined],
      ['/v1/onramp/quote', quote],
      ['/v1/generators/onrampurl', urlBody(GOOD)],
    ] as const) {
      const reply = await api(path, 'no-onramp', body);
      expect(reply.status, path).toBe(403);
      expect(reply.body).toEqual({
        message: "The on-ramp is turned off for project 'no-onramp' (its feature 'onramp' is false): no quotes or checkouts",
        field: 'features.onramp',
      });
    }
  });

  it('keeps it for a project that leaves the feature unset', async () => {
    expect((await api('/v1/onramp/quote', 'w3kit-dev', quote)).status).toBe(200);
  });

  it('pays nothing on a checkout of such a project, saying why', async () => {
    const t = Date.now();
    const session = await onrampSessionsRepository(server.storage).create({
      projectId: 'no-onramp',
      chainId: 'eip155:31337',
      address: GOOD,
      asset: 'ETH',
      cryptoAmount: '1',
      fiatTotal: '100.00',
      fiatFee: '1.50',
      fiatCurrency: 'USD',
      createdAt: t,
      expiresAt: t + 60_000,
    });
    const url = `${server.url}${ONRAMP_CHECKOUT_PATH}${session.id}`;
    const page = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ csrf: session.csrf, card: '4242424242424242', expiry: '12/40', cvc: '123' }).toString(),
    });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('on-ramp is turned off');
    expect((await onrampSessionsRepository(server.storage).get(session.id))!.status).toBe('pending');
  });
});

describe('destination addresses', () => {
  it('refuses a mixed-case address with a wrong EIP-55 checksum, naming the field', async () => {
    const reply = await api('/v1/generators/onrampurl', 'w3kit-dev', urlBody(BAD_CHECKSUM));
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe('destinationWallets.0.address');
    expect(reply.body.message).toContain('wrong EIP-55 checksum');
  });

  it('takes the checksummed and the all-lower-case forms (then needs the chain here)', async () => {
    for (const address of [GOOD, GOOD.toLowerCase()]) {
      const reply = await api('/v1/generators/onrampurl', 'w3kit-dev', urlBody(address));
      expect(reply.status, address).toBe(503);
      expect(reply.body.message).toContain('needs an EVM chain');
    }
  });
});
