/** Types for contracts.mjs (a plain Node ESM module). */
import type { Abi, Address, Hex } from 'viem';

export interface DemoContracts {
  /** "Demo Dollar" DUSD: standard ERC-20, 6 decimals. */
  dusd: Address;
  /** "Demo Tether" DUSDT: USDT-style ERC-20 (transfer returns nothing), 6 decimals. */
  dusdt: Address;
  /** "Demo NFT" DNFT: ERC-721, tokens 1 to 3 owned by account 0. */
  nft: Address;
  /** "Claim Free ETH" CLAIM: a spam ERC-721, token 1 owned by account 0. */
  spamNft: Address;
}

export interface Artifact {
  contractName: string;
  sourceName: string;
  compiler: string;
  abi: Abi;
  bytecode: Hex;
}

/** Hardhat's dev account 0 (0xf39F...2266). */
export const DEV_ACCOUNT: Address;
export const DEV_PRIVATE_KEY: Hex;
/** The addresses on a fresh chain. */
export const DEMO_CONTRACTS: Readonly<DemoContracts>;

/** Reads test/chain/contracts/artifacts/<name>.json. */
export function loadArtifact(name: 'DemoToken' | 'DemoTetherToken' | 'DemoNft'): Artifact;

/** Deploys (or finds) the demo contracts on the chain at `rpcUrl`, from account 0. */
export function deployDemoContracts(rpcUrl: string): Promise<DemoContracts>;
