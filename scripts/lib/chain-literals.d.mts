export const EXCEPTIONS: Record<string, string>;
export const SERVER_EXCEPTIONS: Record<string, string>;
export function chainLiteralConfigs(): { files: string[]; ignores: string[]; rules: Record<string, unknown> }[];
