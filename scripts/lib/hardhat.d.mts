/** Types for hardhat.mjs (a plain Node ESM module). */

export interface HardhatNode {
  /** JSON-RPC URL, e.g. `http://127.0.0.1:54321` (no trailing slash). */
  url: string;
  chainId: number;
  port: number;
  /** The node's latest output (at most 16 kB), for debugging. */
  output(): string;
  /** Kills the node (and its process group); resolves when it exited and the port is free. */
  stop(): Promise<void>;
}

export interface StartHardhatOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 31337. */
  chainId?: number;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number>;

/** Starts a Hardhat 2 node and resolves once `eth_chainId` answers (60 s timeout). */
export function startHardhat(options?: StartHardhatOptions): Promise<HardhatNode>;

/** Starts chains 31337 (chainA) and 31338 (chainB) in parallel. */
export function startChains(): Promise<{ chainA: HardhatNode; chainB: HardhatNode; stop(): Promise<void> }>;
