export const REPOSITORY_ONLY_FIELDS: string[];
export function publishedManifest(pkg: Record<string, unknown>): Record<string, unknown>;
export function strip(dir?: string): void;
export function restore(dir?: string): void;
export function repositoryManifest(dir: string): Record<string, unknown>;
