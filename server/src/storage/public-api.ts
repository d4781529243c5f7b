/**
 * The programmatic API of the backend's data, re-exported by index.ts: the SQLite database and
 * its migrations, the storage seam over SQLite or Postgres (`openStorage`, `--db`), and projects
 * (the async repository, and the synchronous functions on a raw SQLite handle).
 */
export { openDatabase, databaseFile, appliedMigrations, DB_FILE_NAME, type Database } from '../db/open.js';
export { openStorage, sqliteStorage, StorageError, type Storage } from './engine.js';
export { projectsRepository, type ProjectsRepository } from './projects.js';
export { parseDbUrl, redactDbUrl, storageTarget, type Engine, type StorageTarget } from './url.js';
export { migrations, type Migration, type SqliteMigration, type SharedMigration } from '../db/migrations.js';
export {
  createProject,
  updateProject,
  getProject,
  listProjects,
  deleteProject,
  seedDevProject,
  DEV_PROJECT_ID,
  type Project,
  type ProjectInput,
  type ProjectPatch,
} from '../projects.js';
