export interface Backend {
  url: string;
  close(): Promise<void>;
}
export function startBackend(options: { port: number; dataDir: string; host?: string; env?: Record<string, string> }): Promise<Backend>;
