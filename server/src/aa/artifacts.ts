/**
 * The ERC-4337 bytecode `aa deploy` deploys, read at run time from the build artifacts of npm
 * packages (optional dependencies of w3kit-server, never our own Solidity, never bundled):
 * - @account-abstraction/contracts 0.7.0: EntryPoint v0.7 and the VerifyingPaymaster;
 * - @safe-global/safe-contracts 1.4.1: SafeL2 (the account's implementation), SafeProxyFactory,
 *   MultiSend and MultiSendCallOnly;
 * - @safe-global/safe-4337 0.3.0: Safe4337Module (the Safe's ERC-4337 module for EntryPoint
 *   v0.7) and SafeModuleSetup (enables modules from the Safe's setup).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';
import { requireOptional } from '../optional-package.js';

const require = createRequire(import.meta.url);

/** The packages the artifacts come from (what a missing-package error names). */
export const AA_PACKAGES = ['@account-abstraction/contracts', '@safe-global/safe-contracts', '@safe-global/safe-4337'] as const;

/** Where each artifact is (literal require.resolve calls, so dependency checkers see the packages). */
const ARTIFACTS = {
  entryPoint: () => require.resolve('@account-abstraction/contracts/artifacts/EntryPoint.json'),
  verifyingPaymaster: () => require.resolve('@account-abstraction/contracts/artifacts/VerifyingPaymaster.json'),
  safeSingleton: () => require.resolve('@safe-global/safe-contracts/build/artifacts/contracts/SafeL2.sol/SafeL2.json'),
  safeProxyFactory: () =>
    require.resolve('@safe-global/safe-contracts/build/artifacts/contracts/proxies/SafeProxyFactory.sol/SafeProxyFactory.json'),
  multiSend: () => require.resolve('@safe-global/safe-contracts/build/artifacts/contracts/libraries/MultiSend.sol/MultiSend.json'),
  multiSendCallOnly: () =>
    require.resolve('@safe-global/safe-contracts/build/artifacts/contracts/libraries/MultiSendCallOnly.sol/MultiSendCallOnly.json'),
  safe4337Module: () => require.resolve('@safe-global/safe-4337/build/artifacts/contracts/Safe4337Module.sol/Safe4337Module.json'),
  safeModuleSetup: () => require.resolve('@safe-global/safe-4337/build/artifacts/contracts/SafeModuleSetup.sol/SafeModuleSetup.json'),
} as const;

export type AaContract = keyof typeof ARTIFACTS;

export interface Artifact {
  abi: Abi;
  /** Creation bytecode, 0x-prefixed, without constructor arguments. */
  bytecode: Hex;
}

const cache = new Map<AaContract, Artifact>();

/** The ABI and creation bytecode of `name`; a MissingPackageError when its package is not installed. */
export function aaArtifact(name: AaContract): Artifact {
  let artifact = cache.get(name);
  if (!artifact) {
    const file = requireOptional(AA_PACKAGES, 'Smart accounts (aa deploy)', ARTIFACTS[name]);
    const { abi, bytecode } = JSON.parse(readFileSync(file, 'utf8')) as { abi: Abi; bytecode: string };
    if (!/^(0x)?[0-9a-fA-F]{2,}$/.test(bytecode)) throw new Error(`${file} holds no creation bytecode`);
    artifact = { abi, bytecode: (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex };
    cache.set(name, artifact);
  }
  return artifact;
}
