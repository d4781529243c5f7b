/** The storage seam's lint zone of eslint.config.mjs (issue 31), run through ESLint itself. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { RAW_HANDLE_FILES } from './storage-zone.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: ROOT });

/** How many times the zone (or the server layer it repeats) refuses the code in that file. */
async function refused(file: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => ['no-restricted-imports', 'no-restricted-properties'].includes(m.ruleId ?? '')).length;
}

/** The count of RAW_HANDLE_FILES when the zone was laid (issue 31): it may only go down. */
const LAID_WITH = 64;

describe('the storage zone', () => {
  it.each([
    ["import Database from 'better-sqlite3';\nexport const x = Database;", 'the SQLite client'],
    ["import pg from 'pg';\nexport const x = pg;", 'the Postgres client'],
    ["import { Kysely } from 'kysely';\nexport const x = Kysely;", 'the query layer'],
    ["import type { Database } from '../db/open.js';\nexport const x = (db: Database) => db;", 'the raw handle'],
    ["export const x = (db: { prepare(s: string): unknown }) => db.prepare('SELECT 1');", 'a statement'],
    ["import { x as y } from '../../../src/stores/x.js';\nexport const x = y;", "the client (the server layer's own rule, kept)"],
  ])('refuses outside the storage layer: %s (%s)', async (code) => {
    expect(await refused('server/src/routes/x.ts', code)).toBe(1);
  });

  it.each([
    ['server/src/storage/x.ts', "import { Kysely } from 'kysely';\nimport pg from 'pg';\nexport const x = [Kysely, pg];"],
    ['server/src/db/x.ts', "import Database from 'better-sqlite3';\nexport const x = new Database(':memory:').prepare('SELECT 1');"],
    ['server/src/routes/x.test.ts', "import { sql } from 'kysely';\nexport const x = sql;"],
    [
      `server/src/${RAW_HANDLE_FILES.at(-1)}`,
      "import type { Database } from './db/open.js';\nexport const x = (db: Database) => db.prepare('SELECT 1');",
    ],
    ['server/src/routes/x.ts', "import { projectsRepository } from '../storage/projects.js';\nexport const x = projectsRepository;"],
  ])('allows in %s', async (file, code) => {
    expect(await refused(file, code)).toBe(0);
  });

  it('lists only files that exist and still use the raw handle, and only shrinks', () => {
    const handle = /from '(better-sqlite3|pg|kysely)'|db\/open\.js'|from '\.\/open\.js'|\.(prepare|pragma)\(/;
    for (const file of RAW_HANDLE_FILES) {
      const full = path.join(ROOT, 'server/src', file);
      expect(existsSync(full), `${file} is gone: remove it from RAW_HANDLE_FILES`).toBe(true);
      expect(handle.test(readFileSync(full, 'utf8')), `${file} no longer uses the raw handle: remove it from RAW_HANDLE_FILES`).toBe(true);
    }
    expect(RAW_HANDLE_FILES.length).toBeLessThanOrEqual(LAID_WITH);
    for (const converted of ['projects.ts', 'project-rules.ts', 'access.ts', 'cli/projects.ts', 'auth/routes.ts', 'frame-site/static.ts'])
      expect(RAW_HANDLE_FILES).not.toContain(converted);
  });
});
