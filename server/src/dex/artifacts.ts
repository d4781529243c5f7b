/**
 * The bytecode `dex deploy` deploys: WETH9, UniswapV2Factory and UniswapV2Router02 from the
 * build artifacts of the npm packages @uniswap/v2-core and @uniswap/v2-periphery (read at run
 * time from node_modules, so the bundle stays small; the npm Pair's init-code hash is the one
 * the npm Router02 has built in), and the demo ERC-20 of test/chain/contracts (embedded).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';
import { requireOptional } from '../optional-package.js';
import demoToken from '../../../test/chain/contracts/artifacts/DemoToken.json' with { type: 'json' };

const require = createRequire(import.meta.url);
/** Where each artifact is (literal require.resolve calls, so dependency checkers see the packages). */
const ARTIFACTS = {
  weth: () => require.resolve('@uniswap/v2-periphery/build/WETH9.json'),
  factory: () => require.resolve('@uniswap/v2-core/build/UniswapV2Factory.json'),
  router: () => require.resolve('@uniswap/v2-periphery/build/UniswapV2Router02.json'),
} as const;

export type UniswapContract = keyof typeof ARTIFACTS;

/** The creation bytecode of a Uniswap contract (the artifacts store it without `0x`). */
export function uniswapBytecode(name: UniswapContract): Hex {
  const file = requireOptional(['@uniswap/v2-core', '@uniswap/v2-periphery'], 'The local DEX (dex deploy)', ARTIFACTS[name]);
  const { bytecode } = JSON.parse(readFileSync(file, 'utf8')) as { bytecode: string };
  return (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex;
}

/** The demo ERC-20 (constructor: name, symbol, decimals, supply minted to the deployer). */
export const DEMO_TOKEN = { abi: demoToken.abi as Abi, bytecode: demoToken.bytecode as Hex };
