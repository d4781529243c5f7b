/** Types for demo-server.mjs (a plain Node ESM module). */

export interface DemoServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** chainId -> JSON-RPC URL of the local nodes (the Dev Wallets' chains). */
  rpcUrls: Record<number, string>;
  /** JSON-RPC URL of the local SVM, where the Dev Wallet's Solana half sends (default http://127.0.0.1:8899). */
  solanaRpcUrl?: string;
  /** The backend (Provider API and Blockchain API). */
  apiUrl: string;
  /** The WalletConnect relay. */
  relayUrl: string;
  /** The secure frame site of the embedded wallet (the backend's frame port); empty: no e-mail login. */
  secureSiteUrl?: string;
  /** Default 'w3kit-dev'. */
  projectId?: string;
}

/** Serves the demo pages with the URLs filled in; `url` has no trailing slash. */
export function startDemoServer(options: DemoServerOptions): Promise<{ url: string; close(): Promise<void> }>;
