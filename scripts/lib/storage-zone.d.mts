/** Types for storage-zone.mjs. */
import type { Linter } from 'eslint';

export const STORAGE_LAYER: string[];
export const RAW_HANDLE_FILES: string[];
export const storageZone: Linter.Config[];
