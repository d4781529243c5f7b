/** The EVM indexer's options, status and handle (./indexer.ts). */
import type { Storage } from '../storage/engine.js';
import type { IndexLease } from './index-lease.js';
import type { RpcClient } from './rpc.js';
import type { StallState } from './stall.js';

export interface IndexerLogger {
  info(message: string): void;
  warn(message: string): void;
}

export interface IndexerOptions {
  /** The storage the index is in (either engine). */
  storage: Storage;
  /** Asked before each pass (default IN_PROCESS_LEASE). */
  lease?: IndexLease;
  rpcUrl: string;
  pollIntervalMs?: number;
  /** Blocks fetched per round (default 100). */
  batchSize?: number;
  /** How long rounds may index nothing while the node has more blocks before it is a stall (default 30 s). */
  stallAfterMs?: number;
  logger?: IndexerLogger;
}

export interface IndexerStatus extends StallState {
  /** The node's origin (without path or query, which may hold an API key). */
  rpcUrl: string;
  /** CAIP-2 id of the chain, once known (from the node, or from the last run while it is down). */
  chainId: string | null;
  /** Whether the last call to the node succeeded. */
  connected: boolean;
  /** The node's head as last seen. */
  head: number | null;
  /** The last indexed block. */
  indexed: number | null;
}

export interface Indexer {
  readonly rpc: RpcClient;
  readonly rpcUrl: string;
  /** CAIP-2 id of the indexed chain, once known. */
  chainId(): string | undefined;
  status(): IndexerStatus;
  /** Reads what the last run left (the chain the URL served, the last indexed block); start() does it too. */
  restore(): Promise<void>;
  start(): void;
  /** Stops polling and waits for the current round to end (no write happens after it resolves). */
  stop(): Promise<void>;
}
