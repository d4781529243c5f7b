/**
 * Custom Elements Manifest config: `npm run analyze` writes custom-elements.json at the repo root.
 *
 * Each element class declares its tag once, as a static `tagName` string literal, and registers
 * with `Klass.define()` (src/elements/base/w3-element.ts) rather than with `@customElement` or
 * `customElements.define`, so the analyzer cannot see the tag names by itself. The
 * `w3kit-tag-names` plugin below reads that static field from the class's AST, sets `tagName` /
 * `customElement` on the class and adds a `custom-element-definition` export to the class's
 * module, as `customElements.define` would. A LitElement-based class without a tag fails the run.
 *
 * Output is deterministic: modules are analysed in sorted path order and nothing time-dependent
 * is written, so regenerating gives byte-identical output (scripts/check-generated.mjs checks it).
 */

/** Base classes (outside the globs) whose subclasses are custom elements. */
const ELEMENT_BASES = new Set(['LitElement', 'W3Element', 'ThemedElement']);

/** Sets tag names (see the top of this file). */
function w3kitTagNamesPlugin() {
  /** class name -> tag from the class's `static tagName = 'w3-…'` (read from the AST). */
  const declaredTags = new Map();
  return {
    name: 'w3kit-tag-names',
    analyzePhase({ ts, node }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      for (const member of node.members) {
        const isStatic = ts.getModifiers?.(member)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
        if (!isStatic || !ts.isPropertyDeclaration(member) || member.name.getText() !== 'tagName') continue;
        if (member.initializer && ts.isStringLiteralLike(member.initializer)) {
          declaredTags.set(node.name.getText(), member.initializer.text);
        }
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      const problems = [];
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          if (decl.kind !== 'class') continue;
          const tagName = declaredTags.get(decl.name);
          if (!tagName) {
            if (decl.customElement || ELEMENT_BASES.has(decl.superclass?.name)) {
              problems.push(`${decl.name} (${mod.path}) has no tag name: declare \`static override readonly tagName = 'w3-…'\``);
            }
            continue;
          }
          // The static field is the tag itself, given as `tagName` on the declaration, not a member.
          decl.members = decl.members?.filter((m) => !(m.static && m.name === 'tagName'));
          decl.tagName = tagName;
          decl.customElement = true;
          mod.exports ??= [];
          const exists = mod.exports.some((e) => e.kind === 'custom-element-definition' && e.name === tagName);
          if (!exists) {
            mod.exports.push({
              kind: 'custom-element-definition',
              name: tagName,
              declaration: { name: decl.name, module: mod.path },
            });
          }
        }
      }
      if (problems.length) throw new Error(`[w3kit-tag-names]\n  ${problems.join('\n  ')}`);
    },
  };
}

export default {
  globs: ['src/elements/**/*.element.ts'],
  exclude: ['**/*.test.ts', '**/*.test.tsx'],
  outdir: '.',
  litelement: true,
  // package.json already has "customElements": "custom-elements.json"; never rewrite it.
  packagejson: false,
  dependencies: false,
  dev: false,
  /** Analyse in sorted path order (globby's order follows the file system). */
  overrideModuleCreation({ ts, globs }) {
    return [...globs].sort().map((file) => ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.ES2015, true));
  },
  plugins: [w3kitTagNamesPlugin()],
};
