export const LAYER_ZONES: { name: string; files: string[]; patterns: { regex: string; message: string; allowTypeImports?: boolean }[] }[];
export function layerConfigs(): { files: string[]; ignores: string[]; rules: Record<string, unknown> }[];
export const BASE_STORES: string[];
