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
  /** EVM JSON-RPC URL the Blockchain API indexes (`--evm-rpc`). */
  evmRpc?: string;
}): Promise<Backend>;
