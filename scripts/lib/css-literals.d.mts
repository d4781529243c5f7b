import type { Plugin } from 'rollup';
export function minifyCss(text: string): string;
export function minifyCssLiterals(): Plugin;
