export const SERVER_CHAIN_LITERAL_EXCEPTIONS: { file: string; reason: string }[];
export const serverChainLiterals: { files: string[]; ignores: string[]; rules: Record<string, unknown> }[];
