/** The OpenAPI document: served at /openapi.json, generated from the route schemas, and the committed copy up to date. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument, openApiText } from '../src/openapi-document.js';
import type { RunningServer } from '../src/index.js';
import { getJson, start } from './helpers.js';

let server: RunningServer;
beforeAll(async () => {
  server = await start({ relayPort: false });
});
afterAll(() => server.close());

describe('the OpenAPI document', () => {
  it('is served at /openapi.json without a project, and equals the committed server/openapi.json', async () => {
    const reply = await getJson(server, '/openapi.json');
    expect(reply.status).toBe(200);
    const committed = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
    // When this fails, run `node scripts/gen-openapi.mjs` and commit server/openapi.json.
    expect(`${JSON.stringify(reply.body, null, 2)}\n`).toBe(committed);
    expect(await openApiText()).toBe(committed);
  });

  it("carries the w3kit-server package's version, not one of its own", async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect((await openApiDocument()).info.version).toBe(pkg.version);
    expect(
      (JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as { info: { version: string } }).info.version,
    ).toBe(pkg.version);
  });

  it('describes every route with its parameters, request body and replies, and hides preflights and itself', async () => {
    const doc = await openApiDocument();
    expect(Object.keys(doc.paths)).toContain('/v1/account/{address}/balance');
    expect(Object.keys(doc.paths)).not.toContain('/openapi.json');
    for (const [path, item] of Object.entries(doc.paths)) {
      expect(item?.options, path).toBeUndefined();
      for (const op of [item?.get, item?.post].filter(Boolean)) expect(Object.keys(op!.responses), path).not.toHaveLength(0);
    }
    const wallets = doc.paths['/getWallets']!.get!;
    expect(wallets.parameters?.map((p) => ('name' in p ? p.name : ''))).toEqual(
      expect.arrayContaining(['projectId', 'page', 'entries', 'include', 'exclude', 'search', 'badge_type', 'chains']),
    );
    const price = doc.paths['/v1/fungible/price']!.post!;
    expect(JSON.stringify(price.requestBody)).toContain('"addresses"');
    expect(JSON.stringify(doc.paths['/getWallets']!.get!.responses['200'])).toContain('"supports_wc"');
  });
});
