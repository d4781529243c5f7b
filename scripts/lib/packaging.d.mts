export interface InstalledPackage {
  name: string;
  dir: string;
  pkg: Record<string, unknown> & { name: string; version?: string; gypfile?: boolean; scripts?: Record<string, string> };
}
export interface PackInstall {
  dir: string;
  app: string;
  tarballs: { client: string; server: string };
  installed: InstalledPackage[];
  /** npm install's output at warning level. */
  output: string;
  /** Packages in the dApp's node_modules (w3kit itself included). */
  packages: number;
  /** Bytes on disk of the dApp's node_modules. */
  bytes: number;
  cleanup(): void;
}
export function packClient(dir: string): Promise<string>;
export function packServer(dir: string): Promise<string>;
export function packBoth(dir: string): Promise<{ client: string; server: string }>;
export function installedPackages(nodeModules: string): InstalledPackage[];
export function needsNativeBuild(entry: Pick<InstalledPackage, 'dir' | 'pkg'>): boolean;
export function folderBytes(dir: string): number;
export function serverOnlyPackages(lock?: { packages: Record<string, Record<string, unknown>> }): string[];
export function installTarball(tarball: string): Promise<{ app: string; output: string; installed: InstalledPackage[]; cleanup(): void }>;
export function packAndInstall(options?: { omitDev?: boolean }): Promise<PackInstall>;
export function withInstallScripts(installed: InstalledPackage[]): InstalledPackage[];
export function typeScriptCompilers(installed: InstalledPackage[]): InstalledPackage[];
export interface FreshInstall {
  app: string;
  installed: InstalledPackage[];
  packages: number;
  bytes: number;
  cleanup(): void;
}
export function installFresh(specs: string[]): Promise<FreshInstall>;
