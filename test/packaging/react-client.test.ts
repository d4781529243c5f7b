/**
 * `w3kit/react` in a React Server Components app (Next.js App Router): the built entry starts
 * with the 'use client' directive, so a server component may render its wrappers (the bundler
 * then renders them as client components), and rendering them to HTML on the server works.
 * Needs the client built (npm test builds).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = path.join(ROOT, 'dist/react/index.js');

describe('w3kit/react as client code', () => {
  it("dist/react/index.js starts with 'use client' (its first statement, before any comment)", () => {
    expect(readFileSync(ENTRY, 'utf8').startsWith("'use client';\n")).toBe(true);
  });

  it('renders to HTML with react-dom/server (server-side rendering of the client components)', () => {
    const probe = [
      "import { createElement, Fragment } from 'react';",
      "import { renderToString } from 'react-dom/server';",
      `const { W3Button, W3Modal, W3NetworkButton } = await import(${JSON.stringify(ENTRY)});`,
      'const tree = createElement(Fragment, null, createElement(W3Modal), createElement(W3Button), createElement(W3NetworkButton));',
      'console.log(renderToString(tree));',
    ].join('\n');
    const html = execFileSync(process.execPath, ['--input-type=module', '-e', probe], { cwd: ROOT, encoding: 'utf8' });
    expect(html.trim()).toBe('<w3-modal></w3-modal><w3-button></w3-button><w3-network-button></w3-network-button>');
  });
});
