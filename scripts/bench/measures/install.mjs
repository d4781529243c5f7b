/**
 * The install footprint (issue 11, section 1): how many packages and how many bytes on disk the
 * client package brings when installed from its packed tarball into an empty folder with
 * --omit=dev. It uses scripts/lib/packaging.mjs's packAndInstall(); without that module the
 * measure says it is unavailable.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/**
 * What a dApp installs per chain (issue 30, section 3): each line a dApp developer types, the
 * client's tarball standing for `w3kit`, installed into its own empty folder (--omit=dev,
 * scripts not run); the others come from the registry, or npm's cache.
 */
export const INSTALL_LINES = [
  { label: 'w3kit', extra: [] },
  { label: 'w3kit @solana/web3.js', extra: ['@solana/web3.js@1'] },
  { label: 'w3kit wagmi viem @tanstack/react-query', extra: ['wagmi', 'viem', '@tanstack/react-query'] },
];

/**
 * Packs the client once and installs each of `lines`; resolves to { available: true, lines:
 * [{ label, packages, installMB }] } or { available: false, reason }. `load` stands in for import().
 */
export async function measureInstallLines({ root, lines = INSTALL_LINES, load = (url) => import(url) }) {
  const { packClient, installFresh } = await load(pathToFileURL(path.join(root, 'scripts/lib/packaging.mjs')).href);
  if (typeof packClient !== 'function' || typeof installFresh !== 'function')
    return { available: false, reason: 'scripts/lib/packaging.mjs has no packClient() or installFresh()' };
  const dir = mkdtempSync(path.join(tmpdir(), 'w3kit-bench-lines-'));
  try {
    const tarball = await packClient(dir);
    const measured = [];
    for (const { label, extra } of lines) {
      const install = await installFresh([tarball, ...extra]);
      try {
        measured.push({ label, packages: install.packages, installMB: install.bytes / MB });
      } finally {
        await install.cleanup();
      }
    }
    return { available: true, lines: measured };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
