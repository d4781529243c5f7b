/**
 * An app's type-check (`npm run typecheck`: tsc or vue-tsc with skipLibCheck false): it passes
 * when no error is in the app's own files or in w3kit's declarations. Errors inside other
 * packages' declarations (wagmi's against this TanStack Query, postcss's under vue-tsc, ...) are
 * not ours to fix: they are returned as notes, counted by package, and printed.
 */
import { exec, tail } from './workspace.mjs';

const ERROR_LINE = /^(\S[^(]*)\(\d+,\d+\): error (TS\d+)/;

/** The package a declaration file belongs to (`@scope/name` or `name`), or undefined for the app's own files. */
export function packageOf(file) {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const [first, second] = file.slice(at + 'node_modules/'.length).split('/');
  return first?.startsWith('@') ? `${first}/${second}` : first;
}

/** Splits tsc's output into errors: `{ file, pkg, text }` each, continuation lines kept. */
export function parseErrors(output) {
  const errors = [];
  for (const line of output.split('\n')) {
    const match = ERROR_LINE.exec(line);
    if (match) errors.push({ file: match[1], pkg: packageOf(match[1]), text: line });
    else if (errors.length > 0 && /^\s/.test(line)) errors.at(-1).text += `\n${line}`;
  }
  return errors;
}

/** Runs the app's type-check; throws on its own or w3kit's errors; resolves to third-party notes. */
export async function typecheck(appDir) {
  const { code, output } = await exec('npm', ['run', '--silent', 'typecheck'], { cwd: appDir });
  if (code === 0) return [];
  const errors = parseErrors(output);
  if (errors.length === 0) throw new Error(`npm run typecheck exited with ${code}:\n${tail(output)}`);
  const ours = errors.filter((e) => e.pkg === undefined || e.pkg === 'w3kit');
  if (ours.length > 0)
    throw new Error(`${ours.length} type error(s) in the app or in w3kit's declarations:\n${tail(ours.map((e) => e.text).join('\n'), 40)}`);
  const byPackage = new Map();
  for (const e of errors) byPackage.set(e.pkg, (byPackage.get(e.pkg) ?? 0) + 1);
  return [...byPackage].map(([pkg, n]) => `${pkg} (${n})`);
}

/** Prints the third-party notes of an app's type-check, if any. */
export function noteThirdParty(app, notes) {
  if (notes.length > 0) console.log(`        note: errors in other packages' declarations (not w3kit's), ${app}: ${notes.join(', ')}`);
}
