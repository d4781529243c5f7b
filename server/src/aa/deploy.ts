/**
 * `w3kit-server aa deploy`: puts a real ERC-4337 stack on an EVM chain, deploying only what is
 * missing: the deterministic CREATE2 deployer, EntryPoint v0.7 at its canonical address
 * 0x0000000071727De22E5E9d8BAf0edAc6f37da032 (the standard salt through that deployer, as on
 * mainnet), the smart account's contracts, and a verifying paymaster with an EntryPoint deposit.
 *
 * The account: Safe 1.4.1 (SafeL2 behind SafeProxyFactory proxies) with Safe4337Module 0.3.0
 * (EntryPoint v0.7). Why Safe: it is the one modular account whose audited bytecode ships in
 * npm artifact packages that install here (@safe-global/safe-contracts 1.4.1, the canonical
 * release build, and @safe-global/safe-4337 0.3.0). Kernel v3's and Nexus' npm packages
 * (@zerodev/sdk, @biconomy/abstractjs, @rhinestone/sdk) carry addresses and proxy code only;
 * @rhinestone/modulekit embeds Kernel, Nexus, the Safe ERC-7579 adapter and Smart Sessions
 * as Solidity hex literals, but its dependencies are GitHub-only (npm cannot install it from the
 * registry) and Smart Sessions only as runtime code. A Safe takes further modules (its
 * ModuleManager: enableModule from the account itself), which is where session keys go;
 * permissionless 0.4's toSafeSmartAccount drives it from viem (pass the addresses of
 * `safeContracts()`, since ours come from the CREATE2 deployer, not Safe's singleton factory).
 *
 * Everything but the paymaster deploys through the CREATE2 deployer with salt 0, so its
 * addresses are the same on every chain; the paymaster's depend on the deployer's key and the
 * verifying signer (paymaster.ts). A second run deploys nothing and answers the same line.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeDeployData,
  http,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { aaArtifact, type AaContract } from './artifacts.js';
import { create2Address, ensureCreate2, ensureCreate2Deployer } from './create2.js';
import { DEV_CHAIN_IDS, devAccountKey, isPrivateKey } from './dev-keys.js';
import { AaDeployError } from './errors.js';
import { ENTRY_POINT_V07 } from './constants.js';
import { ensurePaymaster } from './paymaster.js';
import { ensureRoles } from './roles.js';

/** The salt EntryPoint v0.7 was deployed with on mainnet (through the CREATE2 deployer). */
export const ENTRY_POINT_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3';
/** The paymaster's EntryPoint deposit on development chains unless told otherwise (wei): 10 ETH. */
export const DEV_PAYMASTER_DEPOSIT = 10n * 10n ** 18n;

/** The Safe contracts, by the name permissionless' toSafeSmartAccount gives their addresses. */
const SAFE_CONTRACTS = {
  safeSingletonAddress: 'safeSingleton',
  safeProxyFactoryAddress: 'safeProxyFactory',
  safe4337ModuleAddress: 'safe4337Module',
  safeModuleSetupAddress: 'safeModuleSetup',
  multiSendAddress: 'multiSend',
  multiSendCallOnlyAddress: 'multiSendCallOnly',
} as const satisfies Record<string, AaContract>;

export type SafeContracts = { -readonly [K in keyof typeof SAFE_CONTRACTS]: Address };

/** The creation code (constructor arguments included) of each Safe contract. */
function safeCreationCode(name: AaContract): Hex {
  const { abi, bytecode } = aaArtifact(name);
  return name === 'safe4337Module' ? encodeDeployData({ abi, bytecode, args: [ENTRY_POINT_V07] }) : bytecode;
}

/** Where `aa deploy` puts the Safe contracts (the same on every chain). */
export function safeContracts(): SafeContracts {
  return Object.fromEntries(
    Object.entries(SAFE_CONTRACTS).map(([key, name]) => [key, create2Address(safeCreationCode(name))]),
  ) as SafeContracts;
}

export interface AaDeployOptions {
  rpcUrl: string;
  /** Default Hardhat's dev account 0, on development chains (31337, 1337) only. */
  deployerKey?: string;
  /** The paymaster's verifying signer; default the deployer's address. */
  paymasterSigner?: string;
  /** Top the paymaster's EntryPoint deposit up to this (wei); default 10 ETH on development chains, else none. */
  paymasterDeposit?: bigint;
}

/** What `aa deploy` prints. */
export interface AaDeployment {
  chainId: number;
  entryPoint: Address;
  /** The account factory (SafeProxyFactory). */
  factory: Address;
  paymaster: Address;
  /** The Zodiac Roles v2 mastercopy and the ModuleProxyFactory its per-Safe proxies come from (sessions). */
  roles: Address;
  moduleProxyFactory: Address;
}

export interface AaDeployResult {
  deployment: AaDeployment;
  /** What this run deployed (empty when everything was there). */
  deployed: string[];
}

const short = (err: unknown) => ((err as { shortMessage?: string }).shortMessage ?? (err as Error).message ?? String(err)).split('\n')[0]!;

/** Whether the node takes hardhat_setCode/anvil_setCode (Hardhat, anvil). */
async function isDevNode(client: PublicClient): Promise<boolean> {
  const version = await client.request({ method: 'web3_clientVersion' }).catch(() => '');
  return /hardhat|anvil/i.test(String(version));
}

export async function deployAa(options: AaDeployOptions): Promise<AaDeployResult> {
  const { rpcUrl, deployerKey, paymasterSigner } = options;
  if (deployerKey !== undefined && !isPrivateKey(deployerKey))
    throw new AaDeployError('the deployer key must be 0x and 64 hex characters', true);
  if (paymasterSigner !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(paymasterSigner))
    throw new AaDeployError(`--paymaster-signer '${paymasterSigner}' is not an address (0x and 40 hex characters)`, true);
  const transport = http(rpcUrl, { retryCount: 0, timeout: 30_000 });
  let chainId: number;
  try {
    chainId = await createPublicClient({ transport }).getChainId();
  } catch (err) {
    throw new AaDeployError(`cannot reach the EVM RPC: ${short(err)}`);
  }
  const dev = DEV_CHAIN_IDS.includes(chainId);
  if (deployerKey === undefined && !dev)
    throw new AaDeployError(
      `chain ${chainId} is not a development chain (${DEV_CHAIN_IDS.join(', ')}): pass the deployer's key with --deployer-key 0xKEY or W3KIT_DEPLOYER_KEY`,
      true,
    );
  const key = (deployerKey ?? devAccountKey(0)) as Hex;
  const chain = defineChain({
    id: chainId,
    name: `Chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport, pollingInterval: 100 }) as PublicClient;
  const account = privateKeyToAccount(key);
  const wallet = createWalletClient({ chain, transport, account });

  const deployed: string[] = [];
  if (await ensureCreate2Deployer(client, wallet, await isDevNode(client))) deployed.push('create2Deployer');
  const entryPoint = await ensureCreate2(client, wallet, 'EntryPoint v0.7', aaArtifact('entryPoint').bytecode, ENTRY_POINT_SALT);
  if (entryPoint.address !== ENTRY_POINT_V07)
    throw new AaDeployError(`the EntryPoint artifact lands at ${entryPoint.address}, not the canonical ${ENTRY_POINT_V07}`);
  if (entryPoint.deployed) deployed.push('entryPoint');
  const safe = {} as SafeContracts;
  for (const [field, name] of Object.entries(SAFE_CONTRACTS) as [keyof SafeContracts, AaContract][]) {
    const result = await ensureCreate2(client, wallet, name, safeCreationCode(name));
    safe[field] = result.address;
    if (result.deployed) deployed.push(name);
  }
  const paymaster = await ensurePaymaster({
    client,
    wallet,
    deployerKey: key,
    entryPoint: entryPoint.address,
    signer: (paymasterSigner as Address | undefined) ?? account.address,
    deposit: options.paymasterDeposit ?? (dev ? DEV_PAYMASTER_DEPOSIT : 0n),
  });
  if (paymaster.deployed) deployed.push('paymaster');
  if (paymaster.deposited > 0n) deployed.push('paymasterDeposit');
  const { roles, moduleProxyFactory, deployed: sessions } = await ensureRoles(client, wallet, await isDevNode(client));
  return {
    deployment: {
      chainId,
      entryPoint: entryPoint.address,
      factory: safe.safeProxyFactoryAddress,
      paymaster: paymaster.address,
      roles,
      moduleProxyFactory,
    },
    deployed: [...deployed, ...sessions],
  };
}

/** The one JSON line `aa deploy` prints. */
export const aaLine = ({ chainId, entryPoint, factory, paymaster, roles, moduleProxyFactory }: AaDeployment): string =>
  JSON.stringify({ chainId, entryPoint, factory, paymaster, roles, moduleProxyFactory });
