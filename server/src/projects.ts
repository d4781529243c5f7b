/**
 * Projects: who may use the backend (allowed origins, remote features, analytics, sign-in
 * chains). The rules are in project-rules.ts; routes, commands and the server reach projects
 * through the async `projects` repository of the storage seam (storage/projects.ts), on SQLite
 * or Postgres. The synchronous functions re-exported here work on a raw SQLite handle only, for
 * callers that hold one (tests seeding a database); no route or command uses them.
 */
export * from './project-rules.js';
export { createProject, deleteProject, getProject, listProjects, seedDevProject, updateProject } from './storage/projects-sync.js';
