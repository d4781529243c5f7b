/**
 * `w3kit-server dex deploy --evm-rpc URL [--token 0xADDR]... [--deployer-key 0xKEY] --data DIR`:
 * deploys Uniswap V2 with liquidity onto the chain (see dex/deploy.ts), records it in DIR and
 * prints it as one JSON line; a backend on DIR with the same --evm-rpc serves swaps for it.
 */
import { DexDeployError } from '../dex/deploy.js';
import { dexLine } from '../dex/store.js';
import { COMMON_FLAGS, UsageError, withStorage, type Command } from './command.js';
import { redactUrl } from '../redact.js';
import { MissingPackageError } from '../optional-package.js';

export const dexCommands: readonly Command[] = [
  {
    name: 'dex deploy',
    usage: 'dex deploy --evm-rpc URL [--token 0xADDR]...',
    summary: 'deploy Uniswap V2 with liquidity, print and record it',
    args: 0,
    flags: [...COMMON_FLAGS, 'evm-rpc', 'token', 'deployer-key'],
    options: {
      heading: 'DEX options (dex deploy)',
      lines: [
        { flag: 'evm-rpc', value: 'URL', text: 'the chain to deploy onto (the backend serving swaps takes the same --evm-rpc)' },
        {
          flag: 'token',
          value: '0xADDR',
          text: 'an ERC-20 the deployer holds, to pair with WETH (1 ETH = 3000) and the others (1:1);\nrepeatable; without it two demo tokens (DUSD, DUSDT) are deployed',
        },
        {
          flag: 'deployer-key',
          value: '0xKEY',
          text: "the deploying account's private key (default Hardhat's dev account 0,\non chains 31337 and 1337 only)",
        },
      ],
      note: 'Run again on the same chain and data folder, it deploys nothing while the recorded router is there.',
    },
    async run({ flags, config, io, out }) {
      const rpcUrl = flags['evm-rpc'] ?? config.evmRpc;
      if (!rpcUrl) throw new UsageError("'dex deploy' needs --evm-rpc URL");
      if (!/^https?:\/\/./.test(rpcUrl))
        throw new UsageError(`Invalid --evm-rpc '${redactUrl(rpcUrl)}': must be an http:// or https:// URL`);
      try {
        const { deployDex } = await import('../dex/deploy.js');
        const { record } = await withStorage(config, (storage) =>
          deployDex({ storage, rpcUrl, tokens: flags.token ?? [], deployerKey: flags['deployer-key'] }),
        );
        out(dexLine(record));
        return 0;
      } catch (err) {
        if (err instanceof MissingPackageError) {
          io.stderr.write(`w3kit-server dex deploy: ${err.message}\n`);
          return 1;
        }
        if (!(err instanceof DexDeployError)) throw err;
        if (err.usage) throw new UsageError(err.message);
        io.stderr.write(`w3kit-server dex deploy: ${err.message}\n`);
        return 1;
      }
    },
  },
];
