/**
 * Issue 29 item 10: request data that names a key (`__proto__`, `constructor`, `toString`, ...)
 * never reaches an object's prototype. Every route of the served OpenAPI document is called with
 * each such key in each path and query parameter and in each string of a sample body (one place
 * at a time), and the on-ramp bodies the way a client sends them: no reply is a 5xx, and the
 * on-ramp names the field in a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHardhat, type HardhatNode } from '../../scripts/lib/hardhat.mjs';
import { seedDevPrices } from '../src/blockchain/prices.js';
import type { RunningServer } from '../src/index.js';
import { DEV, LOCAL_ORIGIN, start } from './helpers.js';

const WALLET = { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', blockchains: ['localhost'], assets: ['ETH'] };
const QUOTE = { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'localhost' };
const URL_BODY = {
  destinationWallets: [WALLET],
  partnerUserId: 'u',
  presetFiatAmount: 100,
  paymentCurrency: 'USD',
  defaultNetwork: 'localhost',
};
/** Valid bodies where a made-up sample would be refused before any lookup. */
const VALID_BODIES = new Map<string, unknown>([
  ['/v1/onramp/quote', QUOTE],
  ['/v1/generators/onrampurl', URL_BODY],
]);
const KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];

let chain: HardhatNode;
let server: RunningServer;
beforeAll(async () => {
  chain = await startHardhat({ port: 0 });
  server = await start({ relayPort: false, framePort: false, rateLimit: { max: 100_000 }, evmRpc: chain.url, evmPollIntervalMs: 100 });
  await server.projects.seedDev();
  await seedDevPrices(server.storage);
  const end = Date.now() + 20_000;
  while (!server.indexer!.chainId() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}, 90_000);
afterAll(async () => {
  await server?.close();
  await chain?.stop();
});

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minItems?: number;
}

/** A value of the schema's shape (not necessarily valid): strings 'x', numbers 1, one array item. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((s) => s.type !== 'null') ?? alt[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
  if (type === 'array') return [sample(schema.items, depth + 1)];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  return 'x';
}

/** Copies of `value` with one string leaf (or one object's extra key) replaced by `key`, for each. */
function variants(value: unknown, key: string): unknown[] {
  if (typeof value === 'string') return [key];
  if (Array.isArray(value)) return value.flatMap((item, i) => variants(item, key).map((v) => value.map((x, j) => (j === i ? v : x))));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const extra = JSON.parse(JSON.stringify(value).replace(/^\{/, `{${JSON.stringify(key)}:"x"${entries.length ? ',' : ''}`));
    return [
      extra,
      ...entries.flatMap(([k, v]) => variants(v, key).map((nv) => Object.fromEntries(entries.map(([k2, v2]) => [k2, k2 === k ? nv : v2])))),
    ];
  }
  return [];
}

async function send(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { origin: LOCAL_ORIGIN, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('keys named by requests', () => {
  it('never answer 5xx on any route of the OpenAPI document', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
      >;
    };
    const failures: string[] = [];
    let calls = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (method !== 'get' && method !== 'post') continue;
        const params = op.parameters ?? [];
        const pathNames = params.filter((p) => p.in === 'path').map((p) => p.name);
        const queryNames = params.filter((p) => p.in === 'query' && p.name !== 'projectId').map((p) => p.name);
        const body =
          VALID_BODIES.get(template) ?? (op.requestBody ? sample(op.requestBody.content['application/json']?.schema) : undefined);
        const url = (fill: (name: string) => string, query = '') =>
          `${template.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(fill(n)))}?projectId=${DEV}${query}`;
        for (const key of KEYS) {
          const requests: [string, unknown][] = [[url(() => key), body]];
          for (const q of queryNames) requests.push([url(() => 'x', `&${q}=${encodeURIComponent(key)}`), body]);
          for (const v of body === undefined ? [] : variants(body, key)) requests.push([url(() => (pathNames.length ? 'x' : '')), v]);
          for (const [path, b] of requests) {
            calls++;
            const reply = await send(method.toUpperCase(), path, b);
            // 503 is a refusal in words (a service not configured here), not a crash.
            if (reply.status >= 500 && reply.status !== 503)
              failures.push(`${method.toUpperCase()} ${path} ${JSON.stringify(b)} -> ${reply.status} ${reply.text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 120_000);

  it.each(KEYS)('the on-ramp quote refuses %s as any of its currencies or network, naming the field', async (key) => {
    for (const field of ['paymentCurrency', 'purchaseCurrency', 'network'] as const) {
      const reply = await send('POST', `/v1/onramp/quote?projectId=${DEV}`, { ...QUOTE, [field]: key });
      expect(reply.status, `${field}=${key}`).toBe(400);
      expect(JSON.parse(reply.text)).toMatchObject({ field, message: expect.stringContaining(`Invalid body field '${field}'`) });
    }
  });

  it.each(KEYS)('the checkout URL generator refuses %s as its payment currency or network, naming the field', async (key) => {
    const body = URL_BODY;
    const currency = await send('POST', `/v1/generators/onrampurl?projectId=${DEV}`, { ...body, paymentCurrency: key });
    expect(currency.status).toBe(400);
    expect(JSON.parse(currency.text)).toMatchObject({
      field: 'paymentCurrency',
      message: expect.stringContaining(`'${key}' is not offered`),
    });
    const network = await send('POST', `/v1/generators/onrampurl?projectId=${DEV}`, { ...body, defaultNetwork: key });
    expect(network.status).toBe(400);
    expect(JSON.parse(network.text)).toMatchObject({ field: 'defaultNetwork' });
  });
});
