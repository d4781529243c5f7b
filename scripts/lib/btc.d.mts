/** Types for btc.mjs (a plain Node ESM module). */

export interface LocalBtc {
  /** The Esplora API's base URL, e.g. `http://127.0.0.1:18443` (no trailing slash). */
  url: string;
  port: number;
  /** The dev account's regtest P2WPKH address (10 BTC at the chain's creation) and its WIF. */
  devAddress: string;
  devWif: string;
  /** Stops the chain (SIGTERM); resolves when it exited. */
  close(): Promise<void>;
}

/** Runs `w3kit-server btc` (the built bin) and resolves once it printed its lines; port 0 (default) picks a free port. */
export function startBtc(options?: { port?: number; dataDir?: string; blockTime?: number; fund?: string[] }): Promise<LocalBtc>;
