export function cdnSizes(manifestPath?: string): {
  entry: string;
  firstFiles: string[];
  firstGzip: number;
  lazy: { file: string; gzip: number; bytes: number }[];
};
export function integrity(file?: string): string;
export function printSizes(): void;
