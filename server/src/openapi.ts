/**
 * The OpenAPI document of the HTTP API, generated from the route schemas (@fastify/swagger
 * with the zod type provider's transform) and served at GET /openapi.json. The same document
 * is committed as server/openapi.json (scripts/gen-openapi.mjs writes and checks it, from
 * openApiDocument() in openapi-document.ts).
 */
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import serverPackage from '../package.json' with { type: 'json' };

/** The document's version: the w3kit-server package's own (the bundle embeds package.json's). */
export const API_VERSION = serverPackage.version;

/** Collects the route schemas of every route registered after it and serves the document. */
export const openApi = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'w3kit-server',
          description:
            'The Provider API (projects, wallet registry, images, analytics) and the Blockchain API of w3kit-server. ' +
            "Every route except /health, /ready and /metrics identifies the project with the 'projectId' query parameter or the 'x-project-id' header; " +
            'errors are { message, field? }.',
          version: API_VERSION,
        },
      },
      transform: jsonSchemaTransform,
    });
    app.get('/openapi.json', { config: { access: 'open' }, schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'w3kit-openapi', fastify: '5.x' },
);
