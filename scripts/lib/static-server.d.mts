/** Types for static-server.mjs (a plain Node ESM module). */
export interface StaticServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  url: string;
  /** `http://localhost:PORT`: the same server by name. */
  localUrl: string;
  close(): Promise<void>;
}
export function startStaticServer(options?: {
  root?: string;
  port?: number;
  routes?: Record<string, string>;
  pages?: Map<string, string>;
}): Promise<StaticServer>;
export function contentType(file: string): string;
