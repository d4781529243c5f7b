/** Types for browser.mjs. */
import type * as nodeFs from 'node:fs';

export interface BrowserDeps {
  env: Record<string, string | undefined>;
  platform: string;
  isRoot: boolean;
  home: string;
  fs: Pick<typeof nodeFs, 'existsSync' | 'readFileSync' | 'readdirSync' | 'mkdirSync' | 'rmSync' | 'statSync'>;
  exec(cmd: string, args: string[], env?: Record<string, string>): Promise<void>;
  log(line: string): void;
  sleep(ms: number): Promise<void>;
  lockDir: string;
}

export interface FoundBrowser {
  path: string;
  how: string;
}

export const BROWSER_NAMES: string[];
export const USUAL_PATHS: string[];
export const NO_BROWSER: string;
export function systemDeps(): BrowserDeps;
export function playwrightExecutables(deps: BrowserDeps): string[];
export function findInstalled(deps: BrowserDeps): FoundBrowser | undefined;
export function findBrowser(deps: BrowserDeps): FoundBrowser | undefined;
export function isDebianLike(deps: BrowserDeps): boolean;
export function installSteps(deps: BrowserDeps): Array<'apt' | 'playwright'>;
export function withInstallLock(deps: BrowserDeps, fn: () => Promise<FoundBrowser>): Promise<FoundBrowser>;
export function resolveBrowser(deps: BrowserDeps): Promise<FoundBrowser>;
export function ensureBrowser(options?: { quiet?: boolean; deps?: BrowserDeps }): Promise<string>;
export function ensureBrowserOrExit(options?: { quiet?: boolean }): Promise<string>;
