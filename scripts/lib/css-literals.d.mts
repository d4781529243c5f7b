export function minifyCssText(text: string): string;
export function minifyCssLiterals(code: string): string;
export function cssLiterals(): { name: string; transform(code: string, id: string): { code: string; map: null } | null };
