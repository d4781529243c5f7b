/** Types for aa.mjs (a plain Node ESM module). */
import type { Address } from 'viem';

/** What `w3kit-server aa deploy` prints. */
export interface DeployedAa {
  chainId: number;
  /** EntryPoint v0.7, at its canonical address. */
  entryPoint: Address;
  /** The Safe accounts' SafeProxyFactory. */
  factory: Address;
  /** The verifying paymaster (signer and owner: the deployer). */
  paymaster: Address;
}

/** Runs the built `w3kit-server aa deploy` on the chain at `rpcUrl`; rejects with its one-line error. */
export function deployAa(rpcUrl: string, options?: { deployerKey?: string }): Promise<DeployedAa>;

/** Runs the built `w3kit-server bundler` (Alto) against the chain at `rpcUrl`; port 0 (default) picks a free port. */
export function startBundler(options: { rpcUrl: string; port?: number }): Promise<{ url: string; port: number; close(): Promise<void> }>;
