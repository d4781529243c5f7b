/** `w3kit-server projects add|set|list|remove`: who may use the backend. */
import { SERVER_CHAINS } from '../chains/index.js';
import { NotFoundError } from '../errors.js';
import type { Project, ProjectPatch } from '../projects.js';
import { projectsRepository, type ProjectsRepository } from '../storage/projects.js';
import { COMMON_FLAGS, UsageError, withStorage, type Command, type FlagName, type Flags } from './command.js';
import type { ServerConfig } from '../config.js';

/** Runs `fn` on the projects of the configured storage (`--db`, else SQLite in --data). */
const withProjects = <T>(config: ServerConfig, fn: (projects: ProjectsRepository, where: string) => Promise<T>) =>
  withStorage(config, (storage) => fn(projectsRepository(storage), storage.label));

const PROJECT_FLAGS = [
  ...COMMON_FLAGS,
  'db',
  'name',
  'origins',
  'analytics',
  'features',
  'siwx-chains',
] as const satisfies readonly FlagName[];

/** The flag of each project field, so an InputError names what to fix on the command line. */
const FIELD_FLAGS: Readonly<Record<string, string>> = {
  id: '<id>',
  name: '--name',
  allowedOrigins: '--origins',
  features: '--features',
  analytics: '--analytics',
  siwxChains: '--siwx-chains',
};

const PATCH_SYNOPSIS = `[--origins a,b] [--analytics on|off] [--features JSON] [--siwx-chains ${SERVER_CHAINS.map((c) => c.siwx.example).join(',')}|default]`;

/** The project fields the flags give. */
export function projectPatch(flags: Flags): ProjectPatch {
  const patch: ProjectPatch = {};
  if (flags.name !== undefined) patch.name = flags.name;
  if (flags.origins !== undefined) {
    patch.allowedOrigins = flags.origins
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean);
  }
  if (flags.analytics !== undefined) {
    if (!/^(on|off)$/.test(flags.analytics)) throw new UsageError(`Invalid --analytics '${flags.analytics}': must be on or off`);
    patch.analytics = flags.analytics === 'on';
  }
  if (flags['siwx-chains'] !== undefined) {
    const list = flags['siwx-chains'].trim();
    patch.siwxChains =
      list === 'default'
        ? null
        : list
            .split(',')
            .map((c) => c.trim())
            .filter(Boolean);
  }
  if (flags.features !== undefined) {
    try {
      patch.features = JSON.parse(flags.features) as ProjectPatch['features'];
    } catch {
      throw new UsageError(`Invalid --features: not JSON (e.g. --features '{"email":true,"swaps":false}')`);
    }
  }
  return patch;
}

/** One project as one tab-separated line. */
export function formatProject(p: Project): string {
  const origins = p.allowedOrigins.length ? p.allowedOrigins.join(', ') : '(none)';
  const chains = p.siwxChains ? p.siwxChains.join(', ') : 'default';
  return `${p.id}\t${JSON.stringify(p.name)}\tanalytics ${p.analytics ? 'on' : 'off'}\torigins ${origins}\tfeatures ${JSON.stringify(p.features)}\tsiwx chains ${chains}`;
}

export const projectsCommands: readonly Command[] = [
  {
    name: 'projects add',
    usage: `projects add <id> --name NAME ${PATCH_SYNOPSIS}`,
    args: 1,
    argsHint: 'a project <id>',
    flags: PROJECT_FLAGS,
    fieldFlags: FIELD_FLAGS,
    async run({ args, flags, config, out }) {
      if (flags.name === undefined) throw new UsageError("'projects add' needs --name NAME");
      const input = { id: args[0]!, name: flags.name, ...projectPatch(flags) };
      const project = await withProjects(config, (projects) => projects.create(input));
      out(`Added project ${formatProject(project)}`);
      return 0;
    },
  },
  {
    name: 'projects set',
    usage: `projects set <id> [--name NAME] ${PATCH_SYNOPSIS}`,
    args: 1,
    argsHint: 'a project <id>',
    flags: PROJECT_FLAGS,
    fieldFlags: FIELD_FLAGS,
    async run({ args, flags, config, out }) {
      const patch = projectPatch(flags);
      if (Object.keys(patch).length === 0)
        throw new UsageError("'projects set' needs at least one of --name, --origins, --analytics, --features, --siwx-chains");
      const project = await withProjects(config, (projects) => projects.update(args[0]!, patch));
      out(`Updated project ${formatProject(project)}`);
      return 0;
    },
  },
  {
    name: 'projects list',
    usage: 'projects list [--json]',
    args: 0,
    flags: [...COMMON_FLAGS, 'db', 'json'],
    fieldFlags: FIELD_FLAGS,
    async run({ flags, config, out }) {
      const { projects, where } = await withProjects(config, async (repository, where) => ({ projects: await repository.list(), where }));
      if (flags.json) out(JSON.stringify(projects, null, 2));
      else if (projects.length === 0)
        out(`No projects in ${config.db ? where : config.dataDir} (add one with 'w3kit-server projects add <id> --name NAME')`);
      else projects.forEach((p) => out(formatProject(p)));
      return 0;
    },
  },
  {
    name: 'projects remove',
    usage: 'projects remove <id>',
    args: 1,
    argsHint: 'a project <id>',
    flags: [...COMMON_FLAGS, 'db'],
    fieldFlags: FIELD_FLAGS,
    async run({ args, config, out }) {
      if (!(await withProjects(config, (projects) => projects.remove(args[0]!)))) throw new NotFoundError(`Unknown project '${args[0]}'`);
      out(`Removed project '${args[0]}'`);
      return 0;
    },
  },
];
