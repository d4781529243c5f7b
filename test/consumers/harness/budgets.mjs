/**
 * The size budgets of DESIGN.md that a Vite app sees (issue 28, item 17), measured in the
 * consumer suite's wagmi app (w3kit from the packed tarball, React, wagmi, Vite): four small apps
 * of test/consumers/budgets built in the same run, each first load (the entry script and every
 * chunk it imports statically, as index.html loads them) gzipped at level 9.
 *   - the README's React example adds at most 40 KB over a React app with one button;
 *   - the README's wagmi example adds at most 70 KB over a plain wagmi app.
 */
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipBytes } from './sizes.mjs';
import { exec, tail } from './workspace.mjs';

const BUDGETS_DIR = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'budgets');
const KB = 1024;
export const BUDGETS = [
  { name: 'the React wrappers (README example)', app: 'react-w3kit', baseline: 'react-baseline', maxKb: 40 },
  { name: 'the wagmi adapter path (README example)', app: 'wagmi-w3kit', baseline: 'wagmi-baseline', maxKb: 70 },
];

/** The first-load scripts of a built Vite app: index.html's module script, then static imports (transitively). */
export function firstLoadFiles(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error(`${distDir}/index.html has no module script`);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(distDir, file), 'utf8');
    // Static imports only (`import"./x.js"`, `from"./x.js"`); `import("./x.js")` is lazy.
    for (const [, spec] of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g))
      visit(path.posix.join(path.posix.dirname(file), spec));
  };
  visit(entry);
  return [...seen];
}

/** Gzip bytes of a built app's first load. */
export const firstLoadGzip = (distDir) =>
  firstLoadFiles(distDir).reduce((sum, f) => sum + gzipBytes(readFileSync(path.join(distDir, f))), 0);

/** The page of a budget app: a root element and its main.tsx. */
const pageOf = (name) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${name}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="./main.tsx"></script>
  </body>
</html>
`;

/** Builds one budget app inside `appDir` (which has vite, React, wagmi and w3kit installed); resolves to its dist folder. */
async function buildApp(appDir, name) {
  const root = path.join(appDir, 'budgets', name);
  rmSync(root, { recursive: true, force: true });
  cpSync(path.join(BUDGETS_DIR, name), root, { recursive: true });
  // Every budget app is its main.tsx in the same page.
  writeFileSync(path.join(root, 'index.html'), pageOf(name));
  const outDir = path.join(root, 'dist');
  const args = [
    'vite',
    'build',
    root,
    '--config',
    path.join(appDir, 'vite.config.ts'),
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ];
  const { code, output } = await exec('npx', ['--no-install', ...args], { cwd: appDir });
  if (code !== 0) throw new Error(`vite build of ${name} exited with ${code}:\n${tail(output)}`);
  return outDir;
}

/** Measures every budget; resolves to `[{ name, addedKb, maxKb, appKb, baselineKb }]`. */
export async function measureBudgets(appDir) {
  const results = [];
  for (const budget of BUDGETS) {
    const baselineKb = firstLoadGzip(await buildApp(appDir, budget.baseline)) / KB;
    const appKb = firstLoadGzip(await buildApp(appDir, budget.app)) / KB;
    results.push({ name: budget.name, addedKb: appKb - baselineKb, maxKb: budget.maxKb, appKb, baselineKb });
  }
  return results;
}
