/**
 * `w3kit-server aa deploy --evm-rpc URL`: puts the ERC-4337 stack on the chain (see
 * aa/deploy.ts) and prints it as one JSON line; `w3kit-server bundler --evm-rpc URL [--port N]`:
 * runs Alto against that chain until Ctrl-C (see aa/bundler.ts).
 */
import { parseEther } from 'viem';
import { AaDeployError } from '../aa/errors.js';
import { MissingPackageError } from '../optional-package.js';
import { redactUrl } from '../redact.js';
import { UsageError, type Command, type CommandContext } from './command.js';
import { waitForStop } from './serve.js';

const DEFAULT_BUNDLER_PORT = 4337;

/** --evm-rpc (or the configured chain), checked. */
function rpcUrl({ flags, config }: CommandContext, name: string): string {
  const url = flags['evm-rpc'] ?? config.evmRpc;
  if (!url) throw new UsageError(`'${name}' needs --evm-rpc URL`);
  if (!/^https?:\/\/./.test(url)) throw new UsageError(`Invalid --evm-rpc '${redactUrl(url)}': must be an http:// or https:// URL`);
  return url;
}

/** A flag's value, else its environment variable's (empty counts as unset). */
function flagOrEnv(
  { flags, io }: CommandContext,
  flag: 'deployer-key' | 'executor-key' | 'utility-key' | 'port',
  env: string,
): string | undefined {
  const value = flags[flag] ?? (io.env ?? process.env)[env];
  return value === '' ? undefined : value;
}

/** Runs `fn`, turning the stack's errors into exit codes and words on stderr. */
async function reporting(context: CommandContext, name: string, fn: () => Promise<number>): Promise<number> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AaDeployError && err.usage) throw new UsageError(err.message);
    if (!(err instanceof AaDeployError) && !(err instanceof MissingPackageError)) throw err;
    context.io.stderr.write(`w3kit-server ${name}: ${err.message}\n`);
    return 1;
  }
}

const deployCommand: Command = {
  name: 'aa deploy',
  usage: 'aa deploy --evm-rpc URL',
  summary: 'deploy the ERC-4337 stack where missing, print it',
  args: 0,
  flags: ['help', 'data', 'config', 'evm-rpc', 'deployer-key', 'paymaster-signer', 'paymaster-deposit'],
  options: {
    heading: 'Smart account options (aa deploy)',
    lines: [
      { flag: 'evm-rpc', value: 'URL', text: 'the chain to deploy onto' },
      {
        flag: 'deployer-key',
        value: '0xKEY',
        text: "the deploying account's private key (env W3KIT_DEPLOYER_KEY; default Hardhat's\ndev account 0, on chains 31337 and 1337 only); it owns the paymaster",
      },
      { flag: 'paymaster-signer', value: '0xADDR', text: "the paymaster's verifying signer (default the deployer)" },
      {
        flag: 'paymaster-deposit',
        value: 'ETH',
        text: "top the paymaster's EntryPoint deposit up to ETH (default 10 on chains 31337\nand 1337, else none)",
      },
    ],
    note: 'EntryPoint v0.7, Safe 1.4.1 accounts with Safe4337Module, a verifying paymaster; prints\n{"chainId","entryPoint","factory","paymaster"}; run again, it deploys nothing and prints the same line.',
  },
  run: (context) =>
    reporting(context, 'aa deploy', async () => {
      const url = rpcUrl(context, 'aa deploy');
      const rawDeposit = context.flags['paymaster-deposit'];
      let paymasterDeposit: bigint | undefined;
      if (rawDeposit !== undefined) {
        if (!/^\d{1,12}(\.\d{1,18})?$/.test(rawDeposit))
          throw new UsageError(`--paymaster-deposit '${rawDeposit}' is not an amount of ETH (such as 10 or 0.5)`);
        paymasterDeposit = parseEther(rawDeposit);
      }
      const { deployAa, aaLine } = await import('../aa/deploy.js');
      const { deployment } = await deployAa({
        rpcUrl: url,
        deployerKey: flagOrEnv(context, 'deployer-key', 'W3KIT_DEPLOYER_KEY'),
        paymasterSigner: context.flags['paymaster-signer'],
        paymasterDeposit,
      });
      context.out(aaLine(deployment));
      return 0;
    }),
};

const bundlerCommand: Command = {
  name: 'bundler',
  usage: 'bundler --evm-rpc URL [--port N]',
  summary: 'run the Alto bundler until Ctrl-C',
  args: 0,
  flags: ['help', 'data', 'config', 'evm-rpc', 'port', 'executor-key', 'utility-key'],
  options: {
    heading: 'Bundler options (bundler)',
    lines: [
      { flag: 'evm-rpc', value: 'URL', text: "the chain (with the EntryPoint of 'aa deploy')" },
      { flag: 'port', value: 'N', text: 'JSON-RPC port (default 4337, env W3KIT_BUNDLER_PORT); 0 picks a free port' },
      {
        flag: 'executor-key',
        value: '0xKEY',
        text: "the account sending the bundles (env W3KIT_BUNDLER_EXECUTOR_KEY; default\nHardhat's dev account 1, on chains 31337 and 1337 only)",
      },
      {
        flag: 'utility-key',
        value: '0xKEY',
        text: "the account refilling the executor (env W3KIT_BUNDLER_UTILITY_KEY; default\nHardhat's dev account 2, on chains 31337 and 1337 only)",
      },
    ],
    note: 'Prints `bundler http://127.0.0.1:N` once it answers. Alto (@pimlico/alto, GPL) runs as its own\nprocess and listens on every interface.',
  },
  run: (context) =>
    reporting(context, 'bundler', async () => {
      const url = rpcUrl(context, 'bundler');
      const raw = flagOrEnv(context, 'port', 'W3KIT_BUNDLER_PORT');
      const port = raw === undefined ? DEFAULT_BUNDLER_PORT : /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
      if (!(port >= 0 && port <= 65535))
        throw new UsageError(
          `Invalid ${context.flags.port !== undefined ? '--port' : 'W3KIT_BUNDLER_PORT'} '${raw}': must be a port from 0 to 65535`,
        );
      const { startBundler } = await import('../aa/bundler.js');
      const bundler = await startBundler({
        rpcUrl: url,
        port,
        executorKey: flagOrEnv(context, 'executor-key', 'W3KIT_BUNDLER_EXECUTOR_KEY'),
        utilityKey: flagOrEnv(context, 'utility-key', 'W3KIT_BUNDLER_UTILITY_KEY'),
      });
      context.io.stdout.write(`bundler ${bundler.url}\n`);
      await waitForStop(context.io.signal);
      await bundler.stop();
      return 0;
    }),
};

export const aaCommands: readonly Command[] = [deployCommand, bundlerCommand];
