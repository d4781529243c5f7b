export interface Backend {
  url: string;
  relayUrl: string;
  close(): Promise<void>;
}
export function startBackend(options: {
  port: number;
  dataDir: string;
  host?: string;
  env?: Record<string, string>;
  relayPort?: number;
}): Promise<Backend>;
