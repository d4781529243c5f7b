import type { InstalledPackage } from './packaging.mjs';
export function engineWarnings(output: string): string[];
export function oldestNode(range: string): string | undefined;
export function refusingPackages(installed: InstalledPackage[], nodeVersion: string): string[];
