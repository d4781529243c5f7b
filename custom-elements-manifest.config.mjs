/**
 * Custom Elements Manifest config: `npm run analyze` writes custom-elements.json at the repo root.
 *
 * The elements register their tags with a static `Klass.define('w3-…')` call in index files rather
 * than with `@customElement` or `customElements.define`, so the analyzer cannot see the tag names.
 * The `w3kit-tag-names` plugin below supplies them: a JSDoc `@tagname w3-…` (or `@tag`) on the
 * class wins, else the fixed TAG_NAMES map. It sets `tagName` / `customElement` on the class and
 * adds a `custom-element-definition` export to the class's module, as `customElements.define`
 * would. A class in TAG_NAMES that the globs do not find, or a LitElement-based class without a
 * tag, fails the run, so the map cannot silently go stale.
 *
 * Output is deterministic: modules are analysed in sorted path order and nothing time-dependent
 * is written, so regenerating gives byte-identical output (scripts/check-generated.mjs checks it).
 */

/** Class name -> tag, as passed to `define()` in src/elements/{buttons,modal,primitives}/index.ts, modal.ts and views/. */
export const TAG_NAMES = {
  // Page elements (public API).
  W3Modal: 'w3-modal',
  W3Button: 'w3-button',
  W3ConnectButton: 'w3-connect-button',
  W3AccountButton: 'w3-account-button',
  W3NetworkButton: 'w3-network-button',
  // Primitives.
  W3UiButton: 'w3-ui-button',
  W3UiIconButton: 'w3-ui-icon-button',
  W3UiListItem: 'w3-ui-list-item',
  W3UiTextInput: 'w3-ui-text-input',
  W3UiAvatar: 'w3-ui-avatar',
  W3UiSpinner: 'w3-ui-spinner',
  W3UiToast: 'w3-ui-toast',
  W3UiTabs: 'w3-ui-tabs',
  W3UiNetworkIcon: 'w3-ui-network-icon',
  W3UiWalletImage: 'w3-ui-wallet-image',
  W3QrCode: 'w3-qr-code',
  // Views (lazy-loaded by the modal).
  W3ConnectView: 'w3-connect-view',
  W3NetworksView: 'w3-networks-view',
  W3WhatIsAWalletView: 'w3-what-is-a-wallet-view',
  W3AccountView: 'w3-account-view',
  W3ConnectingExternalView: 'w3-connecting-external-view',
  W3SwitchNetworkView: 'w3-switch-network-view',
  W3SwitchActiveChainView: 'w3-switch-active-chain-view',
  W3UnsupportedChainView: 'w3-unsupported-chain-view',
  W3ProfileWalletsView: 'w3-profile-wallets-view',
  W3AllWalletsView: 'w3-all-wallets-view',
  W3ConnectingWalletConnectView: 'w3-connecting-wallet-connect-view',
  W3ConnectingWalletConnectBasicView: 'w3-connecting-wallet-connect-basic-view',
};

/** Base classes (outside the globs) whose subclasses are custom elements. */
const ELEMENT_BASES = new Set(['LitElement', 'W3Element', 'ThemedElement']);

/** Sets tag names (see the top of this file) and drops events whose name is not a literal. */
function w3kitTagNamesPlugin() {
  /** class name -> tag from a `@tagname` / `@tag` JSDoc on the class (read from the AST). */
  const jsDocTags = new Map();
  /**
   * class name -> names the core plugin wrongly reads as event names: it takes the text of the
   * first argument of `this.dispatchEvent(new CustomEvent(x))` even when `x` is a variable (W3Modal
   * re-dispatches store events as `new CustomEvent(name, …)`; its real events are the `@event` JSDoc).
   */
  const dynamicEventNames = new Map();
  return {
    name: 'w3kit-tag-names',
    analyzePhase({ ts, node }) {
      if (
        ts.isNewExpression(node) &&
        node.arguments?.[0] &&
        !ts.isStringLiteralLike(node.arguments[0]) &&
        ts.isCallExpression(node.parent) &&
        /\.dispatchEvent$/.test(node.parent.expression.getText())
      ) {
        let klass = node.parent;
        while (klass && !ts.isClassDeclaration(klass)) klass = klass.parent;
        if (klass?.name) {
          const names = dynamicEventNames.get(klass.name.getText()) ?? new Set();
          names.add(node.arguments[0].getText());
          dynamicEventNames.set(klass.name.getText(), names);
        }
      }
      if (!ts.isClassDeclaration(node) || !node.name) return;
      for (const tag of ts.getJSDocTags(node)) {
        const name = tag.tagName.getText();
        if (name !== 'tagname' && name !== 'tag') continue;
        const comment = typeof tag.comment === 'string' ? tag.comment : ts.getTextOfJSDocComment(tag.comment);
        const value = comment?.trim().split(/\s+/)[0];
        if (value) jsDocTags.set(node.name.getText(), value);
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      const seen = new Set();
      const problems = [];
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          if (decl.kind !== 'class') continue;
          const dynamic = dynamicEventNames.get(decl.name);
          if (dynamic && decl.events) {
            decl.events = decl.events.filter((e) => !(dynamic.has(e.name) && !e.description));
          }
          const tagName = jsDocTags.get(decl.name) ?? TAG_NAMES[decl.name];
          if (!tagName) {
            if (decl.customElement || ELEMENT_BASES.has(decl.superclass?.name)) {
              problems.push(`${decl.name} (${mod.path}) has no tag name: add it to TAG_NAMES or a @tagname JSDoc`);
            }
            continue;
          }
          seen.add(decl.name);
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
      for (const name of Object.keys(TAG_NAMES)) {
        if (!seen.has(name)) problems.push(`${name} (TAG_NAMES) was not found by the globs`);
      }
      if (problems.length) throw new Error(`[w3kit-tag-names]\n  ${problems.join('\n  ')}`);
    },
  };
}

export default {
  globs: ['src/elements/**/*.element.ts', 'src/elements/primitives/*.ts'],
  exclude: ['**/*.test.ts', '**/*.test.tsx', '**/index.ts', 'src/elements/primitives/icons.ts'],
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
