/**
 * The HTTP app over a fresh in-memory database with the development project, for each test:
 * built and ready before it, closed with its database after it.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/open.js';
import { seedDevProject } from '../src/projects.js';

export interface DevApp {
  readonly db: Database;
  readonly app: FastifyInstance;
}

export function useDevApp(): DevApp {
  let db: Database | undefined;
  let app: FastifyInstance | undefined;
  beforeEach(async () => {
    db = openDatabase(undefined);
    seedDevProject(db);
    app = buildApp({ db });
    await app.ready();
  });
  afterEach(async () => {
    await app?.close();
    db?.close();
  });
  return {
    get db() {
      return db!;
    },
    get app() {
      return app!;
    },
  };
}
