/**
 * The backend's smart-account services for its `--evm-rpc` chain: the bundler it proxies to
 * (`--bundler-url`, e.g. `w3kit-server bundler`'s Alto) and the ERC-7677 paymaster service of the
 * verifying paymaster `aa deploy` made (its signer `--paymaster-key`, its address `--paymaster`;
 * on development chains both default to what `aa deploy` does with its defaults: Hardhat's dev
 * account 0 signs). The routes are ../routes/bundler.ts and ../routes/paymaster.ts.
 */
import { createPublicClient, http, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ENTRY_POINT_V07 } from './constants.js';
import { DEV_CHAIN_IDS, devAccountKey } from './dev-keys.js';
import { paymasterAddress } from './paymaster.js';

/** Gas per smart account per UTC day the paymaster service signs for, unless configured. */
export const DEFAULT_PAYMASTER_DAILY_GAS = 5_000_000;

export interface AaServiceOptions {
  /** The bundler of the `--evm-rpc` chain (`--bundler-url`). */
  bundlerUrl?: string;
  /** The verifying paymaster's signer (`--paymaster-key`); default Hardhat's dev account 0 on chains 31337 and 1337 only. */
  paymasterKey?: Hex;
  /** The verifying paymaster (`--paymaster`); default where `aa deploy` puts it with its default keys, on 31337 and 1337 only. */
  paymaster?: Address;
  /** Gas per account per UTC day the paymaster signs for (`--paymaster-daily-gas`); default DEFAULT_PAYMASTER_DAILY_GAS. */
  dailyGas?: number;
}

/** The paymaster the service signs for. */
export interface PaymasterSetup {
  address: Address;
  key: Hex;
}

export interface AaChain {
  chainId: number;
  client: PublicClient;
  bundlerUrl: string | undefined;
  paymaster: PaymasterSetup | undefined;
}

/** How long a failed look-up of the chain (a node that did not answer) is kept before asking again. */
const RETRY_MS = 5_000;

export interface AaService {
  readonly dailyGas: number;
  /** The chain's setup; undefined without `--evm-rpc` or while its node does not answer. */
  chain(): Promise<AaChain | undefined>;
  /** Whether the chain has a bundler, the EntryPoint v0.7 and the paymaster's code. */
  enabled(): Promise<boolean>;
}

export function aaService(evmRpc: string | undefined, options: AaServiceOptions = {}): AaService {
  let setup: Promise<AaChain | undefined> | undefined;
  let failedAt = 0;
  let enabled = false;
  let checkedAt = 0;
  const lookUp = async (): Promise<AaChain | undefined> => {
    if (!evmRpc) return undefined;
    const client = createPublicClient({ transport: http(evmRpc, { retryCount: 0, timeout: 10_000 }) }) as PublicClient;
    const chainId = await client.getChainId();
    const dev = DEV_CHAIN_IDS.includes(chainId);
    const key = options.paymasterKey ?? (dev ? devAccountKey(0) : undefined);
    // `aa deploy`'s paymaster on a development chain: deployed with dev account 0's key, for this signer.
    const address = options.paymaster ?? (dev && key ? paymasterAddress(devAccountKey(0), privateKeyToAccount(key).address) : undefined);
    return { chainId, client, bundlerUrl: options.bundlerUrl, paymaster: key && address ? { key, address } : undefined };
  };
  const service: AaService = {
    dailyGas: options.dailyGas ?? DEFAULT_PAYMASTER_DAILY_GAS,
    chain() {
      if (!setup || (failedAt && Date.now() - failedAt > RETRY_MS)) {
        failedAt = 0;
        setup = lookUp().catch(() => {
          failedAt = Date.now();
          return undefined;
        });
      }
      return setup;
    },
    async enabled() {
      if (enabled || Date.now() - checkedAt < RETRY_MS) return enabled;
      checkedAt = Date.now();
      const chain = await service.chain();
      if (!chain?.bundlerUrl || !chain.paymaster) return false;
      try {
        const [entryPoint, paymaster] = await Promise.all(
          [ENTRY_POINT_V07, chain.paymaster.address].map(async (address) => ((await chain.client.getCode({ address })) ?? '0x') !== '0x'),
        );
        // Kept once true (contracts stay); a chain without them yet is asked again after RETRY_MS.
        return (enabled = Boolean(entryPoint && paymaster));
      } catch {
        return false;
      }
    },
  };
  return service;
}
