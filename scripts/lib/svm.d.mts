/** Types for svm.mjs (a plain Node ESM module). */

export interface LocalSvm {
  /** JSON-RPC URL, e.g. `http://127.0.0.1:8899` (no trailing slash). */
  url: string;
  /** Websocket URL, e.g. `ws://127.0.0.1:8900`. */
  wsUrl: string;
  port: number;
  /** Stops the chain (SIGTERM); resolves when it exited. */
  close(): Promise<void>;
}

/** The text whose sha256 is the dev account's 32-byte ed25519 seed. */
export const DEV_SOLANA_SEED_TEXT: string;
/** The dev account's 64-byte secret key (seed then public key), for `Keypair.fromSecretKey`. */
export const DEV_SOLANA_SECRET_KEY: Uint8Array;
/** The dev account's address (base58). */
export const DEV_SOLANA_ADDRESS: string;
/** The demo SPL token W3USD: its mint (base58) and decimals (6). */
export const DEV_SPL_MINT: string;
export const DEV_SPL_DECIMALS: number;
/** SOL and W3USD seedDevSolana gives the dev account. */
export const DEV_SOL: number;
export const DEV_SPL_AMOUNT: number;

/** Runs `w3kit-server svm` (the built bin) and resolves once it printed its URLs; port 0 (default) picks free ports. */
export function startSvm(options?: { port?: number; dataDir?: string }): Promise<LocalSvm>;

/** Funds the dev account (100 SOL), creates the W3USD mint when missing and mints 1,000,000 W3USD to the dev account. */
export function seedDevSolana(svm: { url: string; wsUrl: string }): Promise<{ address: string; mint: string; tokenAccount: string }>;
