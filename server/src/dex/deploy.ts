/**
 * Deploys Uniswap V2 onto an EVM chain (`w3kit-server dex deploy`): WETH9, the factory and
 * Router02, then pools with liquidity. Every token is paired with WETH at 1 ETH = 3000 tokens
 * (priced as dollars, like the demo stablecoins) and the tokens with each other 1:1. Without
 * tokens of its own it deploys two demo ERC-20s (DUSD, DUSDT, 6 decimals) first. The
 * liquidity tokens go to the burn address. It records the result in the data folder's
 * database; when the recorded DEX of that chain still has code at its router (and the same
 * tokens are asked for), it deploys nothing and answers the record.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  getAddress,
  http,
  maxUint256,
  parseEther,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { caipChainId } from '../chains/eip155/chain.js';
import { ensureTokenImage, tokenImageId } from '../blockchain/icons.js';
import type { Storage } from '../storage/engine.js';
import { dexRepository } from '../storage/dex.js';
import { imagesRepository } from '../storage/images.js';
import { erc20Abi, routerAbi } from './abi.js';
import { DEMO_TOKEN, uniswapBytecode } from './artifacts.js';
import type { DexRecord, DexToken } from './store.js';

/** Hardhat's dev account 0 (mnemonic 'test test ... junk'): the default deployer, on development chains only. */
export const DEV_DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** The chains the default deployer key may be used on (Hardhat, Ganache/anvil style). */
export const DEV_CHAIN_IDS: readonly number[] = [31337, 1337];

/** ETH in each token/WETH pool, and the tokens per ETH. */
export const POOL_ETH = 200n;
export const TOKENS_PER_ETH = 3000n;
/** Whole tokens on each side of a token/token pool. */
export const PAIR_TOKENS = 100_000n;
/** The demo tokens' supply (whole tokens) when dex deploy makes its own. */
const DEMO_SUPPLY = 1_000_000n;
const DEADLINE_S = 20 * 60;
/**
 * Who gets the pools' liquidity tokens: the usual burn address, so the liquidity stays (a demo
 * DEX never withdraws it) and no user account holds UNI-V2 tokens that wallets would list.
 */
export const LIQUIDITY_HOLDER: Address = '0x000000000000000000000000000000000000dEaD';

/** A failed deploy: `usage` means the command line was wrong (exit 2), otherwise the chain or a token (exit 1). */
export class DexDeployError extends Error {
  override name = 'DexDeployError';
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message);
  }
}

export interface DeployDexOptions {
  /** Where the DEX is recorded (either engine). */
  storage: Storage;
  rpcUrl: string;
  /** ERC-20s the deployer holds, to pair; none: deploy two demo tokens. */
  tokens?: readonly string[];
  /** Default DEV_DEPLOYER_KEY (refused on chains other than 31337 and 1337). */
  deployerKey?: string;
}

export interface DeployDexResult {
  record: DexRecord;
  /** False when the recorded DEX was still there. */
  deployed: boolean;
}

const short = (err: unknown) => ((err as { shortMessage?: string }).shortMessage ?? (err as Error).message ?? String(err)).split('\n')[0]!;

async function tokenInfo(client: PublicClient, address: Address, deployer: Address): Promise<DexToken & { balance: bigint }> {
  const read = <T>(functionName: 'name' | 'symbol' | 'decimals' | 'balanceOf', args?: readonly [Address]) =>
    (client.readContract({ address, abi: erc20Abi, functionName, args } as never) as Promise<T>).catch((err: unknown) => {
      const reverted = /revert/i.test(short(err));
      throw new DexDeployError(
        reverted
          ? `--token ${address} is not an ERC-20 on this chain: ${functionName}() reverted`
          : `reading ${functionName}() of --token ${address} failed: ${short(err)}`,
      );
    });
  const [name, symbol, decimals, balance] = await Promise.all([
    read<string>('name'),
    read<string>('symbol'),
    read<number>('decimals'),
    read<bigint>('balanceOf', [deployer]),
  ]);
  return { name, symbol, decimals, address, balance };
}

export async function deployDex({ storage, rpcUrl, tokens = [], deployerKey }: DeployDexOptions): Promise<DeployDexResult> {
  const key = deployerKey ?? DEV_DEPLOYER_KEY;
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) throw new DexDeployError('--deployer-key must be 0x and 64 hex characters', true);
  const bad = tokens.find((t) => !/^0x[0-9a-fA-F]{40}$/.test(t));
  if (bad !== undefined) throw new DexDeployError(`--token '${bad}' is not an address (0x and 40 hex characters)`, true);
  const tokenAddresses = [...new Set(tokens.map((t) => getAddress(t)))];

  const transport = http(rpcUrl, { retryCount: 0, timeout: 15_000 });
  let chainId: number;
  try {
    chainId = await createPublicClient({ transport }).getChainId();
  } catch (err) {
    throw new DexDeployError(`cannot reach the EVM RPC ${rpcUrl}: ${short(err)}`);
  }
  if (deployerKey === undefined && !DEV_CHAIN_IDS.includes(chainId))
    throw new DexDeployError(
      `chain ${chainId} is not a development chain (31337, 1337): pass the deployer's key with --deployer-key 0xKEY`,
      true,
    );
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport }) as PublicClient;
  const account = privateKeyToAccount(key as Hex);
  const wallet = createWalletClient({ chain, transport, account });

  const dex = dexRepository(storage);
  const recorded = await dex.get(chainId);
  // The recorded DEX answers while its router is there, unless other tokens are asked for.
  const sameTokens =
    tokenAddresses.length === 0 ||
    (recorded?.tokens.length === tokenAddresses.length && recorded.tokens.every((t) => tokenAddresses.includes(getAddress(t.address))));
  if (recorded && sameTokens) {
    const code = await client.getCode({ address: recorded.router as Address }).catch(() => undefined);
    if (code && code !== '0x') return { record: recorded, deployed: false };
  }

  const confirm = async (hash: Hex, what: string) => {
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new DexDeployError(`${what} failed on chain ${chainId} (transaction ${hash})`);
    return receipt;
  };
  const deploy = async (bytecode: Hex, what: string, abi: DeployAbi = [], args: readonly unknown[] = []) => {
    const hash = await wallet.deployContract({ abi, bytecode, args } as never);
    const receipt = await confirm(hash, `Deploying ${what}`);
    return getAddress(receipt.contractAddress!);
  };

  // The tokens first, so a token the deployer cannot fund stops the deploy before it sends anything.
  const pairing = tokenAddresses.length > 0 ? tokenAddresses.length : 2;
  const needed = (decimals: number) => (POOL_ETH * TOKENS_PER_ETH + PAIR_TOKENS * BigInt(pairing - 1)) * 10n ** BigInt(decimals);
  const infos = await Promise.all(tokenAddresses.map((t) => tokenInfo(client, t, account.address)));
  for (const t of infos) {
    if (t.balance < needed(t.decimals))
      throw new DexDeployError(
        `--token ${t.address} (${t.symbol}): the deployer ${account.address} holds ${t.balance} base units, the pools need ${needed(t.decimals)}`,
      );
  }
  const ethNeeded = parseEther(String(POOL_ETH)) * BigInt(pairing) + parseEther('1');
  const ethHeld = await client.getBalance({ address: account.address });
  if (ethHeld < ethNeeded)
    throw new DexDeployError(`the deployer ${account.address} holds ${ethHeld} wei, the pools need ${ethNeeded} (${POOL_ETH} ETH each)`);

  try {
    if (infos.length === 0) {
      for (const [name, symbol] of [
        ['Demo Dollar', 'DUSD'],
        ['Demo Tether', 'DUSDT'],
      ] as const) {
        const address = await deploy(DEMO_TOKEN.bytecode, symbol, DEMO_TOKEN.abi, [name, symbol, 6, DEMO_SUPPLY * 10n ** 6n]);
        infos.push({ name, symbol, decimals: 6, address, balance: DEMO_SUPPLY * 10n ** 6n });
      }
    }
    const weth = await deploy(uniswapBytecode('weth'), 'WETH9');
    const factory = await deploy(uniswapBytecode('factory'), 'UniswapV2Factory', FACTORY_CONSTRUCTOR, [account.address]);
    const router = await deploy(uniswapBytecode('router'), 'UniswapV2Router02', ROUTER_CONSTRUCTOR, [factory, weth]);
    const deadline = () => BigInt(Math.floor(Date.now() / 1000) + DEADLINE_S);
    for (const t of infos) {
      const hash = await wallet.writeContract({
        address: t.address as Address,
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, maxUint256],
      });
      await confirm(hash, `Approving ${t.symbol} to the router`);
    }
    for (const t of infos) {
      const amount = POOL_ETH * TOKENS_PER_ETH * 10n ** BigInt(t.decimals);
      const hash = await wallet.writeContract({
        address: router,
        abi: routerAbi,
        functionName: 'addLiquidityETH',
        args: [t.address as Address, amount, amount, parseEther(String(POOL_ETH)), LIQUIDITY_HOLDER, deadline()],
        value: parseEther(String(POOL_ETH)),
      });
      await confirm(hash, `Adding ${t.symbol}/WETH liquidity`);
    }
    for (let i = 0; i < infos.length; i++) {
      for (let j = i + 1; j < infos.length; j++) {
        const [a, b] = [infos[i]!, infos[j]!];
        const [amountA, amountB] = [PAIR_TOKENS * 10n ** BigInt(a.decimals), PAIR_TOKENS * 10n ** BigInt(b.decimals)];
        const hash = await wallet.writeContract({
          address: router,
          abi: routerAbi,
          functionName: 'addLiquidity',
          args: [a.address as Address, b.address as Address, amountA, amountB, amountA, amountB, LIQUIDITY_HOLDER, deadline()],
        });
        await confirm(hash, `Adding ${a.symbol}/${b.symbol} liquidity`);
      }
    }
    const record: DexRecord = {
      chainId,
      factory,
      router,
      weth,
      tokens: infos.map(({ name, symbol, address, decimals }) => ({ name, symbol, address: getAddress(address), decimals })),
    };
    await dex.save(record);
    const images = imagesRepository(storage);
    for (const t of record.tokens)
      await ensureTokenImage(images, tokenImageId(t.symbol, caipChainId(chainId), t.address.toLowerCase()), t.symbol);
    return { record, deployed: true };
  } catch (err) {
    if (err instanceof DexDeployError) throw err;
    throw new DexDeployError(`deploying the DEX on chain ${chainId} (${rpcUrl}) failed: ${short(err)}`);
  }
}

type DeployAbi = readonly unknown[];
const FACTORY_CONSTRUCTOR = [{ type: 'constructor', inputs: [{ name: '_feeToSetter', type: 'address' }], stateMutability: 'nonpayable' }];
const ROUTER_CONSTRUCTOR = [
  {
    type: 'constructor',
    inputs: [
      { name: '_factory', type: 'address' },
      { name: '_WETH', type: 'address' },
    ],
    stateMutability: 'nonpayable',
  },
];
