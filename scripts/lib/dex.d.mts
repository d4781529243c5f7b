/** Types for dex.mjs (a plain Node ESM module). */
import type { Address } from 'viem';

/** What `w3kit-server dex deploy` prints and records. */
export interface DeployedDex {
  chainId: number;
  factory: Address;
  router: Address;
  weth: Address;
  /** The tokens paired with WETH (1 ETH = 3000) and with each other (1:1). */
  tokens: { symbol: string; address: Address; decimals: number }[];
}

export interface DeployDexOptions {
  /** The backend's data folder the deployment is recorded in. */
  dataDir: string;
  /** ERC-20s the deployer holds, to pair (e.g. DUSD and DUSDT of deployDemoContracts); none: two demo tokens of its own. */
  tokens?: string[];
  /** Default Hardhat's dev account 0 (chains 31337 and 1337 only). */
  deployerKey?: string;
}

/** Runs the built `w3kit-server dex deploy` on the chain at `rpcUrl`; rejects with its one-line error. */
export function deployDex(rpcUrl: string, options: DeployDexOptions): Promise<DeployedDex>;
