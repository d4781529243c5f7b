/**
 * The import graph of the project's own modules, and its cycles. An edge is a static relative
 * `import … from` / `export … from` / side-effect `import '…'` that is not written
 * `import type` / `export type` (those vanish at build time); a dynamic `import()` is an edge
 * only in the lazy graph. There are no path aliases, so every specifier is followed by its path alone.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

/** Source files under `dirs` (relative to `root`), skipping node_modules, dist and `skip` matches. */
export function sourceFiles(root, dirs, skip = () => false) {
  const out = [];
  const visit = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(root, full);
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.') || skip(rel)) continue;
      if (entry.isDirectory()) visit(full);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.d.mts')) out.push(full);
    }
  };
  for (const dir of dirs) visit(path.join(root, dir));
  return out.sort();
}

/** The relative specifiers a module loads lazily: `import('./x.js')` with a literal specifier. */
export function dynamicImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [spec] = node.arguments;
      if (spec && ts.isStringLiteralLike(spec) && spec.text.startsWith('.')) specifiers.push(spec.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The relative specifiers a module imports at run time (statically). */
export function runtimeImports(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers = [];
  for (const statement of source.statements) {
    let spec;
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      spec = statement.moduleSpecifier;
    } else if (ts.isExportDeclaration(statement)) {
      if (statement.isTypeOnly || !statement.moduleSpecifier) continue;
      spec = statement.moduleSpecifier;
    }
    if (spec && ts.isStringLiteral(spec) && spec.text.startsWith('.')) specifiers.push(spec.text);
  }
  return specifiers;
}

/** Resolves a relative specifier the way the bundlers do here (`./x.js` may be `./x.ts`). */
export function resolveSpecifier(fromFile, specifier, exists = existsSync) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(m?js|tsx?)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.mjs`, `${stem}.js`, path.join(base, 'index.ts')];
  return candidates.find((c) => SOURCE.test(c) && exists(c));
}

/**
 * Builds the graph: file → the files it imports at run time. With `lazy`, `import()` is an edge
 * too: a lazy half that imports its own loader's module back is a cycle (check-structure).
 */
export function importGraph(files, read = (f) => readFileSync(f, 'utf8'), exists = existsSync, lazy = false) {
  const graph = new Map();
  for (const file of files) {
    const text = read(file);
    const specifiers = lazy ? [...runtimeImports(file, text), ...dynamicImports(file, text)] : runtimeImports(file, text);
    const targets = specifiers.map((spec) => resolveSpecifier(file, spec, exists)).filter((target) => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The cycles of a graph, each once, as the list of files from its smallest member back to it
 * (Tarjan's strongly connected components; a component of two or more files, or a file that
 * imports itself, holds at least one cycle, and one cycle through it is reported).
 */
export function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const strongConnect = (node) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        strongConnect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) strongConnect(node);
  return components
    .filter((c) => c.length > 1 || (graph.get(c[0]) ?? []).includes(c[0]))
    .map((component) => cycleThrough(graph, new Set(component)));
}

/** One cycle inside a strongly connected component, starting from its smallest member. */
function cycleThrough(graph, members) {
  const start = [...members].sort()[0];
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
