export function storeFolderGraph(
  root: string,
  read?: (file: string) => string,
  exists?: (file: string) => boolean,
): Map<string, Map<string, string>>;
export function mutualStorePairs(
  root: string,
  read?: (file: string) => string,
  exists?: (file: string) => boolean,
): { folders: [string, string]; imports: [string, string] }[];
export function storeTierViolations(root: string, read?: (file: string) => string, exists?: (file: string) => boolean): string[];
