export const MAX_LINES: number;
export const COUNTED_DIRS: string[];
export function isCounted(rel: string): boolean;
export function lineCount(text: string): number;
export function oversizedFiles(root: string, options?: { limit?: number; dirs?: string[] }): { file: string; lines: number }[];
