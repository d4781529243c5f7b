export function sourceFiles(root: string, dirs: string[], skip?: (rel: string) => boolean): string[];
export function runtimeImports(fileName: string, text: string): string[];
export function resolveSpecifier(fromFile: string, specifier: string, exists?: (file: string) => boolean): string | undefined;
export function importGraph(files: string[], read?: (file: string) => string, exists?: (file: string) => boolean): Map<string, string[]>;
export function findCycles(graph: Map<string, string[]>): string[][];
