/**
 * The backend's smart-account settings (../config-settings.ts reads them like every other):
 * the bundler of its `--evm-rpc` chain and the ERC-7677 paymaster service's paymaster, signer
 * key and daily gas per account (./service.ts).
 */
import type { Address, Hex } from 'viem';
import { DEFAULT_PAYMASTER_DAILY_GAS, type AaServiceOptions } from './service.js';

export interface AaConfigFlags {
  'bundler-url'?: string;
  paymaster?: string;
  'paymaster-key'?: string;
  'paymaster-daily-gas'?: string;
}

export type AaKey = 'bundlerUrl' | 'paymaster' | 'paymasterKey' | 'paymasterDailyGas';

export const AA_SETTINGS = {
  bundlerUrl: { flag: 'bundler-url', env: 'W3KIT_BUNDLER_URL', file: 'bundlerUrl', kind: 'httpUrl' },
  paymaster: { flag: 'paymaster', env: 'W3KIT_PAYMASTER', file: 'paymaster', kind: 'address' },
  paymasterKey: { flag: 'paymaster-key', env: 'W3KIT_PAYMASTER_KEY', file: 'paymasterKey', kind: 'privateKey' },
  paymasterDailyGas: { flag: 'paymaster-daily-gas', env: 'W3KIT_PAYMASTER_DAILY_GAS', file: 'paymasterDailyGas', kind: 'positive' },
} as const satisfies Record<AaKey, { flag: keyof AaConfigFlags; env: string; file: string; kind: string }>;

/** The flags as the CLI's parser declares them (all strings). */
export const AA_FLAG_NAMES = ['bundler-url', 'paymaster', 'paymaster-key', 'paymaster-daily-gas'] as const;

/** The service's options from the resolved settings (`get` reads one by key). */
export const aaOptions = (get: (key: AaKey) => unknown): AaServiceOptions => ({
  bundlerUrl: get('bundlerUrl') as string | undefined,
  paymaster: get('paymaster') as Address | undefined,
  paymasterKey: get('paymasterKey') as Hex | undefined,
  dailyGas: get('paymasterDailyGas') as number | undefined,
});

/** The config file's keys of these settings. */
export const AA_FILE_KEYS: readonly string[] = Object.values(AA_SETTINGS).map((s) => s.file);

/** The flags' lines in `w3kit-server --help`. */
export const AA_FLAG_HELP = [
  {
    flag: 'bundler-url',
    value: 'URL',
    text: "the ERC-4337 bundler of the --evm-rpc chain, served at POST /v1/bundler/{chainId}\n(env W3KIT_BUNDLER_URL; e.g. w3kit-server bundler's http://127.0.0.1:4337)",
  },
  {
    flag: 'paymaster',
    value: 'ADDR',
    text: "the verifying paymaster 'aa deploy' made, served at POST /v1/paymaster/{chainId} (env\nW3KIT_PAYMASTER; default aa deploy's address for the signer on chains 31337 and 1337)",
  },
  {
    flag: 'paymaster-key',
    value: 'KEY',
    text: "the paymaster's verifying signer key (env W3KIT_PAYMASTER_KEY; default Hardhat's dev\naccount 0, refused off chains 31337 and 1337)",
  },
  {
    flag: 'paymaster-daily-gas',
    value: 'N',
    text: `gas per smart account per UTC day the paymaster sponsors (default ${DEFAULT_PAYMASTER_DAILY_GAS.toLocaleString('en-US')},\nenv W3KIT_PAYMASTER_DAILY_GAS)`,
  },
] as const;
