/** The OpenAPI document of the HTTP API as a value, for scripts/gen-openapi.mjs and tests. */
import type { OpenAPIV3 } from 'openapi-types';
import { buildApp } from './app.js';
import { openServerStorage } from './storage/server-storage.js';

/** The document, from an app over an empty in-memory database. */
export async function openApiDocument(): Promise<OpenAPIV3.Document> {
  const storage = await openServerStorage(undefined, undefined);
  const app = buildApp({ db: storage.sqlite, storage });
  try {
    await app.ready();
    return app.swagger() as OpenAPIV3.Document;
  } finally {
    await app.close();
    await storage.close();
  }
}

/** The document as committed in server/openapi.json: two-space JSON and a final newline. */
export async function openApiText(): Promise<string> {
  return `${JSON.stringify(await openApiDocument(), null, 2)}\n`;
}
