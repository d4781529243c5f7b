/**
 * The install footprint (issue 11, section 1): how many packages and how many bytes on disk the
 * client package brings when installed from its packed tarball into an empty folder with
 * --omit=dev. It uses scripts/lib/packaging.mjs's packAndInstall(); without that module the
 * measure says it is unavailable.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MB = 1024 * 1024;

/**
 * Resolves to { available: true, packages, installMB } or { available: false, reason }.
 * `exists` and `load` stand in for the file system and import() in tests.
 */
export async function measureInstall({ root, exists = existsSync, load = (url) => import(url) }) {
  const file = path.join(root, 'scripts/lib/packaging.mjs');
  if (!exists(file)) return { available: false, reason: 'scripts/lib/packaging.mjs (packAndInstall) is not in this tree' };
  const { packAndInstall } = await load(pathToFileURL(file).href);
  if (typeof packAndInstall !== 'function') return { available: false, reason: 'scripts/lib/packaging.mjs has no packAndInstall()' };
  const install = await packAndInstall({ omitDev: true });
  try {
    return { available: true, packages: install.packages, installMB: install.bytes / MB };
  } finally {
    await install.cleanup();
  }
}
