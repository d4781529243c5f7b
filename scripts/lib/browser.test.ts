import { mkdtempSync, rmSync } from 'node:fs';
import * as realFs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ensureBrowser,
  findBrowser,
  installSteps,
  isDebianLike,
  NO_BROWSER,
  playwrightExecutables,
  resolveBrowser,
  withInstallLock,
  type BrowserDeps,
} from './browser.mjs';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const MINT = 'NAME="Linux Mint"\nID=linuxmint\nID_LIKE="ubuntu debian"\n';
const FEDORA = 'NAME="Fedora Linux"\nID=fedora\n';

/** A fake machine: files that exist, /etc/os-release, directory listings, and a log of what ran. */
function machine(options: {
  files?: string[];
  osRelease?: string;
  dirs?: Record<string, string[]>;
  env?: Record<string, string>;
  platform?: string;
  isRoot?: boolean;
  /** Called for every exec; may add files (what the install puts on disk) or throw. */
  onExec?: (cmd: string, args: string[], files: Set<string>) => void;
}) {
  const files = new Set(options.files ?? []);
  const locks = new Set<string>();
  const ran: string[] = [];
  const logged: string[] = [];
  const fs = {
    existsSync: (p: string) => files.has(String(p)),
    readFileSync: (p: string) => {
      if (String(p) === '/etc/os-release' && options.osRelease !== undefined) return options.osRelease;
      throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
    },
    readdirSync: (p: string) => {
      const list = options.dirs?.[String(p)];
      if (!list) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return list;
    },
    mkdirSync: (p: string) => {
      if (locks.has(String(p))) throw Object.assign(new Error('EEXIST'), { code: 'EEXIST' });
      locks.add(String(p));
    },
    rmSync: (p: string) => void locks.delete(String(p)),
    statSync: () => ({ mtimeMs: Date.now() }),
  } as unknown as BrowserDeps['fs'];
  const deps: BrowserDeps = {
    env: { PATH: '/usr/local/bin:/usr/bin', ...options.env },
    platform: options.platform ?? 'linux',
    isRoot: options.isRoot ?? false,
    home: '/home/me',
    fs,
    exec: async (cmd, args) => {
      ran.push([cmd, ...args].join(' '));
      options.onExec?.(cmd, args, files);
    },
    log: (line) => logged.push(line),
    sleep: async () => undefined,
    lockDir: '/tmp/lock',
  };
  return { deps, ran, logged, files, locks };
}

const PW = '/home/me/.cache/ms-playwright';

describe('findBrowser', () => {
  it('takes CHROME_PATH when it exists, before anything installed', () => {
    const { deps } = machine({ files: ['/opt/my/chrome', '/usr/bin/chromium'], env: { CHROME_PATH: '/opt/my/chrome' } });
    expect(findBrowser(deps)).toEqual({ path: '/opt/my/chrome', how: 'CHROME_PATH' });
  });

  it('refuses a CHROME_PATH that does not exist, naming it', () => {
    const { deps } = machine({ files: ['/usr/bin/chromium'], env: { CHROME_PATH: '/nope/chrome' } });
    expect(() => findBrowser(deps)).toThrow('CHROME_PATH is /nope/chrome, which does not exist');
  });

  it('finds chromium on PATH before google-chrome, and PATH before the usual paths', () => {
    const { deps } = machine({ files: ['/usr/local/bin/google-chrome', '/usr/bin/chromium', '/snap/bin/chromium'] });
    expect(findBrowser(deps)).toEqual({ path: '/usr/bin/chromium', how: 'chromium on PATH' });
  });

  it('finds each of the four names on PATH', () => {
    for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
      const { deps } = machine({ files: [`/usr/local/bin/${name}`] });
      expect(findBrowser(deps)?.path).toBe(`/usr/local/bin/${name}`);
    }
  });

  it('finds a browser at its usual path when PATH misses it', () => {
    const { deps } = machine({ files: ['/opt/google/chrome/chrome'], env: { PATH: '' } });
    expect(findBrowser(deps)).toEqual({ path: '/opt/google/chrome/chrome', how: 'installed' });
  });

  it("finds Playwright's newest cached Chromium", () => {
    const { deps } = machine({
      files: [`${PW}/chromium-1100/chrome-linux/chrome`, `${PW}/chromium-1200/chrome-linux/chrome`],
      dirs: { [PW]: ['chromium-1100', 'chromium-1200', 'chromium_headless_shell-1200', 'ffmpeg-1011'] },
    });
    expect(findBrowser(deps)).toEqual({ path: `${PW}/chromium-1200/chrome-linux/chrome`, how: "Playwright's Chromium" });
  });

  it('returns undefined when nothing is installed', () => {
    expect(findBrowser(machine({}).deps)).toBeUndefined();
  });
});

describe('playwrightExecutables', () => {
  it('honours PLAYWRIGHT_BROWSERS_PATH and the macOS cache', () => {
    const linux = machine({ env: { PLAYWRIGHT_BROWSERS_PATH: '/pw' }, dirs: { '/pw': ['chromium-7'] } });
    expect(playwrightExecutables(linux.deps)).toContain('/pw/chromium-7/chrome-linux/chrome');
    const mac = machine({ platform: 'darwin', dirs: { '/home/me/Library/Caches/ms-playwright': ['chromium-9'] } });
    expect(playwrightExecutables(mac.deps)).toContain(
      '/home/me/Library/Caches/ms-playwright/chromium-9/chrome-mac/Chromium.app/Contents/MacOS/Chromium',
    );
  });
});

describe('isDebianLike and installSteps', () => {
  it('recognises Debian, Ubuntu and derivatives by ID or ID_LIKE', () => {
    expect(isDebianLike(machine({ osRelease: DEBIAN }).deps)).toBe(true);
    expect(isDebianLike(machine({ osRelease: UBUNTU }).deps)).toBe(true);
    expect(isDebianLike(machine({ osRelease: MINT }).deps)).toBe(true);
    expect(isDebianLike(machine({ osRelease: FEDORA }).deps)).toBe(false);
    expect(isDebianLike(machine({}).deps)).toBe(false);
  });

  it('uses apt only as root on Debian-like Linux, always with the Playwright download after it', () => {
    expect(installSteps(machine({ osRelease: DEBIAN, isRoot: true }).deps)).toEqual(['apt', 'playwright']);
    expect(installSteps(machine({ osRelease: DEBIAN, isRoot: false }).deps)).toEqual(['playwright']);
    expect(installSteps(machine({ osRelease: FEDORA, isRoot: true }).deps)).toEqual(['playwright']);
    expect(installSteps(machine({ osRelease: DEBIAN, isRoot: true, platform: 'darwin' }).deps)).toEqual(['playwright']);
  });
});

describe('resolveBrowser', () => {
  it('runs nothing when a browser is installed', async () => {
    const m = machine({ files: ['/usr/bin/chromium'], osRelease: DEBIAN, isRoot: true });
    await expect(resolveBrowser(m.deps)).resolves.toEqual({ path: '/usr/bin/chromium', how: 'chromium on PATH' });
    expect(m.ran).toEqual([]);
  });

  it('installs with apt-get on Debian as root, saying so', async () => {
    const m = machine({
      osRelease: DEBIAN,
      isRoot: true,
      onExec: (cmd, args, files) => {
        if (cmd === 'apt-get' && args[0] === 'install') files.add('/usr/bin/chromium');
      },
    });
    await expect(resolveBrowser(m.deps)).resolves.toEqual({ path: '/usr/bin/chromium', how: 'installed with apt-get' });
    expect(m.ran).toEqual(['apt-get update', 'apt-get install -y chromium']);
    expect(m.logged.join('\n')).toMatch(/installing it with apt-get/);
    expect(m.locks.size).toBe(0);
  });

  it("falls back to Playwright's download when apt-get fails", async () => {
    const m = machine({
      osRelease: UBUNTU,
      isRoot: true,
      onExec: (cmd, _args, files) => {
        if (cmd === 'apt-get') throw new Error('apt-get update exited with 100');
        files.add(`${PW}/chromium-1200/chrome-linux/chrome`);
      },
      dirs: { [PW]: ['chromium-1200'] },
    });
    await expect(resolveBrowser(m.deps)).resolves.toMatchObject({ path: `${PW}/chromium-1200/chrome-linux/chrome` });
    expect(m.ran).toEqual(['apt-get update', 'npx playwright-core install chromium']);
    expect(m.logged.join('\n')).toMatch(/apt-get failed: apt-get update exited with 100/);
  });

  it("downloads Playwright's Chromium when not root", async () => {
    const m = machine({
      osRelease: DEBIAN,
      onExec: (_cmd, _args, files) => void files.add(`${PW}/chromium-1200/chrome-linux/chrome`),
      dirs: { [PW]: ['chromium-1200'] },
    });
    await expect(resolveBrowser(m.deps)).resolves.toEqual({
      path: `${PW}/chromium-1200/chrome-linux/chrome`,
      how: "downloaded Playwright's Chromium",
    });
    expect(m.ran).toEqual(['npx playwright-core install chromium']);
  });

  it('stops with the one line naming the ways when nothing works, and releases the lock', async () => {
    const m = machine({
      osRelease: DEBIAN,
      isRoot: true,
      onExec: () => {
        throw new Error('no network');
      },
    });
    await expect(resolveBrowser(m.deps)).rejects.toThrow(NO_BROWSER);
    expect(NO_BROWSER).not.toContain('\n');
    expect(NO_BROWSER).toMatch(/CHROME_PATH/);
    expect(NO_BROWSER).toMatch(/install chromium/);
    expect(NO_BROWSER).toMatch(/root on Debian\/Ubuntu/);
    expect(m.locks.size).toBe(0);
  });

  it('an install that succeeds but leaves no browser counts as failed', async () => {
    const m = machine({});
    await expect(resolveBrowser(m.deps)).rejects.toThrow(NO_BROWSER);
    expect(m.ran).toEqual(['npx playwright-core install chromium']);
  });
});

describe('withInstallLock', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('waits for another holder and returns what it installed, without installing again', async () => {
    const m = machine({});
    m.locks.add('/tmp/lock'); // another process is installing
    let slept = 0;
    m.deps.sleep = async () => {
      slept++;
      if (slept === 2) m.files.add('/usr/bin/chromium'); // it finishes
    };
    let ran = false;
    const found = await withInstallLock(m.deps, async () => {
      ran = true;
      return { path: 'x', how: 'y' };
    });
    expect(found.path).toBe('/usr/bin/chromium');
    expect(ran).toBe(false);
  });

  it('takes over a stale lock left by a process that died', async () => {
    const m = machine({});
    m.locks.add('/tmp/lock');
    m.deps.fs.statSync = (() => ({ mtimeMs: Date.now() - 60 * 60_000 })) as unknown as BrowserDeps['fs']['statSync'];
    const found = await withInstallLock(m.deps, async () => ({ path: '/installed', how: 'test' }));
    expect(found.path).toBe('/installed');
    expect(m.locks.size).toBe(0);
  });

  it('lets one of two parallel callers install on the real file system', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'w3kit-browser-lock-'));
    const files = new Set<string>();
    const m = machine({});
    m.deps.fs = { ...realFs, existsSync: (p: realFs.PathLike) => files.has(String(p)) } as unknown as BrowserDeps['fs'];
    m.deps.lockDir = path.join(dir, 'lock');
    m.deps.sleep = (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 5)));
    let installs = 0;
    const install = async () => {
      installs++;
      await new Promise((r) => setTimeout(r, 30));
      files.add('/usr/bin/chromium');
      return { path: '/usr/bin/chromium', how: 'installed' };
    };
    const [a, b] = await Promise.all([withInstallLock(m.deps, install), withInstallLock(m.deps, install)]);
    expect([a.path, b.path]).toEqual(['/usr/bin/chromium', '/usr/bin/chromium']);
    expect(installs).toBe(1);
    expect(realFs.existsSync(m.deps.lockDir)).toBe(false);
  });
});

describe('ensureBrowser', () => {
  it('resolves to the path and prints which browser unless quiet', async () => {
    const loud = machine({ files: ['/usr/bin/chromium'] });
    await expect(ensureBrowser({ deps: loud.deps })).resolves.toBe('/usr/bin/chromium');
    expect(loud.logged).toEqual(['Browser: /usr/bin/chromium (chromium on PATH)']);
    const quiet = machine({ files: ['/usr/bin/chromium'] });
    await ensureBrowser({ quiet: true, deps: quiet.deps });
    expect(quiet.logged).toEqual([]);
  });

  it('finds the browser on this machine', async () => {
    const found = await ensureBrowser({ quiet: true });
    expect(realFs.existsSync(found)).toBe(true);
  });
});
