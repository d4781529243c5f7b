/**
 * The published types as a TypeScript dApp meets them: the packed client is installed into an
 * empty folder (with React's types, as a React app has them) and a consumer file is compiled
 * against it with `skipLibCheck: false` and no Node types. It uses the element tag map
 * (`querySelector('w3-modal').modal`), `<w3-button>` in TSX, the React wrappers and a typed
 * `getWalletProvider('eip155').request(...)`, and `w3kit/siwx`'s server-backed sign-in as the
 * `siwx` option. Needs the client built (npm test builds).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packAndInstall, type PackInstall } from '../../scripts/lib/packaging.mjs';
import { repositoryManifest } from '../../scripts/pack-manifest.mjs';

const exec = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
// Whole even while a parallel test's pack has package.json in its published form (no devDependencies).
const rootPackage = repositoryManifest(ROOT) as { devDependencies: Record<string, string> };

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    jsx: 'react-jsx',
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    // A browser app: no Node globals (a `NodeJS.…` type in the package's declarations fails).
    types: [],
  },
  include: ['src'],
};

const CONSUMER = `import { createW3Modal, networks, type W3ModalInstance } from 'w3kit';
import 'w3kit/elements';
import { W3Button, W3Modal } from 'w3kit/react';
import { createServerSiwx, type SIWXSession } from 'w3kit/siwx';

const modal: W3ModalInstance = createW3Modal({
  networks: [networks.mainnet, networks.localhost],
  siwx: createServerSiwx({ apiUrl: 'https://api.example', projectId: 'my-project', required: true }),
});
export const sessions: Promise<SIWXSession[]> = modal.getSiwxSessions('eip155');

// The tag map reaches the page: the element is a W3Modal, with the instance as \`modal\`.
const element = document.querySelector('w3-modal');
export const fromElement: W3ModalInstance | undefined = element?.modal;
export const opened: Promise<unknown> | undefined = element?.modal.open({ view: 'Connect' });
export const created: HTMLElement & { modal: W3ModalInstance } = document.createElement('w3-modal');

// viem's EIP-1193 provider for eip155, typed per method.
export function chainId(): Promise<\`0x\${string}\`> | undefined {
  return modal.getWalletProvider('eip155')?.request({ method: 'eth_chainId' });
}

export const page = (
  <>
    <w3-modal project-id="my-project" networks="eip155:1" onw3-open={(e) => console.log(e.detail.view)} />
    <w3-button balance="hide" label="Connect" />
    <w3-network-button />
    {/* @ts-expect-error: 'sideways' is not a balance mode */}
    <w3-account-button balance="sideways" />
    {/* @ts-expect-error: a tag the package does not define */}
    <w3-nothing />
    <W3Modal onW3Connect={(e) => console.log(e.detail.address)} />
    <W3Button />
  </>
);
`;

/** Every .d.ts under `dir`. */
function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? declarationFiles(path.join(dir, e.name)) : e.name.endsWith('.d.ts') ? [path.join(dir, e.name)] : [],
  );
}

let result: PackInstall;
beforeAll(async () => {
  result = await packAndInstall();
  const types = `@types/react@${rootPackage.devDependencies['@types/react']}`;
  await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--no-save', types], { cwd: result.app });
}, 300_000);
// The installed app is large; removing it can take a while on a busy machine.
afterAll(() => (result ? rm(result.dir, { recursive: true, force: true }) : undefined), 300_000);

describe('the published types', () => {
  it('name no Node-only type (NodeJS.*) in any declaration file', () => {
    const dist = path.join(result.app, 'node_modules/w3kit/dist');
    const offenders = declarationFiles(dist).filter((file) => /\bNodeJS\./.test(readFileSync(file, 'utf8')));
    expect(offenders.map((f) => path.relative(dist, f))).toEqual([]);
  });

  it('compile a consumer (tag map, TSX elements, wrappers, typed provider) with skipLibCheck: false and no errors', async () => {
    writeFileSync(path.join(result.app, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    mkdirSync(path.join(result.app, 'src'), { recursive: true });
    writeFileSync(path.join(result.app, 'src/consumer.tsx'), CONSUMER);
    const output = await exec(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: result.app }).then(
      ({ stdout }) => stdout,
      (err: { stdout?: string }) => err.stdout ?? String(err),
    );
    expect(output).toBe('');
  }, 120_000);

  it("ships w3kit/react with 'use client' as its first statement", () => {
    const entry = readFileSync(path.join(result.app, 'node_modules/w3kit/dist/react/index.js'), 'utf8');
    expect(entry.startsWith("'use client';\n")).toBe(true);
  });
});
