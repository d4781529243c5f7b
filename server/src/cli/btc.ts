/**
 * `w3kit-server btc [--port N] [--data DIR] [--block-time N] [--fund ADDRESS=BTC ...]`: runs the
 * local Bitcoin development chain (regtest, Esplora HTTP API) alone until Ctrl-C (or the io's
 * abort signal). Prints `bitcoin esplora URL` and the funded dev account with its WIF.
 */
import { UsageError, type Command, type CommandContext } from './command.js';
import { waitForStop } from './serve.js';
import { DEFAULT_BTC_PORT } from '../chains/bip122/devchain/server.js';
import { addressScript, DEV_BITCOIN_KEY, DEV_FUND_BTC, SATS_PER_BTC } from '../chains/bip122/devchain/network.js';
import { BtcStateFileError } from '../chains/bip122/devchain/state-file.js';

const MAX_FUNDS = 100;
const MAX_FUND_BTC = 100_000n;
const MAX_BLOCK_TIME = 3600;

/** The port from --port, else W3KIT_BITCOIN_PORT, else 18443. */
function btcPort({ flags, io }: CommandContext): number {
  const [raw, name] =
    flags.port !== undefined ? [flags.port, '--port'] : [(io.env ?? process.env).W3KIT_BITCOIN_PORT, 'W3KIT_BITCOIN_PORT'];
  if (raw === undefined || raw === '') return DEFAULT_BTC_PORT;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 0 && port <= 65535)) throw new UsageError(`Invalid ${name} '${raw}': must be a port from 0 to 65535`);
  return port;
}

/** --fund ADDRESS=BTC entries in sats: regtest P2WPKH or P2TR addresses, 0 < BTC <= 100,000 with at most 8 decimals. */
export function parseFunds(values: readonly string[] = []): { address: string; sats: bigint }[] {
  if (values.length > MAX_FUNDS) throw new UsageError(`Too many --fund options: at most ${MAX_FUNDS}`);
  return values.map((value) => {
    const [address = '', amount = '', ...rest] = value.split('=');
    if (rest.length || !amount) throw new UsageError(`Invalid --fund '${value}': must be ADDRESS=BTC, such as bcrt1q...=2.5`);
    if (!addressScript(address))
      throw new UsageError(`Invalid --fund '${value}': '${address}' is not a regtest P2WPKH or P2TR address (bcrt1q... or bcrt1p...)`);
    const match = /^(\d{1,6})(?:\.(\d{1,8}))?$/.exec(amount);
    const sats = match ? BigInt(match[1]!) * SATS_PER_BTC + BigInt((match[2] ?? '').padEnd(8, '0')) : -1n;
    if (sats <= 0n || sats > MAX_FUND_BTC * SATS_PER_BTC)
      throw new UsageError(
        `Invalid --fund '${value}': the amount must be more than 0 and at most ${MAX_FUND_BTC} BTC, with at most 8 decimals`,
      );
    return { address, sats };
  });
}

function blockTime(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const seconds = /^\d{1,4}$/.test(raw) ? Number(raw) : NaN;
  if (!(seconds >= 1 && seconds <= MAX_BLOCK_TIME))
    throw new UsageError(`Invalid --block-time '${raw}': must be seconds from 1 to ${MAX_BLOCK_TIME}`);
  return seconds;
}

async function runBtc(context: CommandContext): Promise<number> {
  const { flags, config, io } = context;
  const port = btcPort(context);
  const fund = parseFunds(flags.fund);
  const blockTimeSeconds = blockTime(flags['block-time']);
  const { startBtcDevChain } = await import('../chains/bip122/devchain/server.js');
  let btc;
  try {
    btc = await startBtcDevChain({
      port,
      dataDir: flags.data !== undefined ? config.dataDir : undefined,
      blockTimeSeconds,
      fund,
      onError: (err) => io.stderr.write(`w3kit-server btc: ${(err as Error)?.stack ?? String(err)}\n`),
    });
  } catch (err) {
    if (err instanceof BtcStateFileError) {
      io.stderr.write(`w3kit-server btc: ${err.message}\n`);
      return 1;
    }
    const { code } = err as NodeJS.ErrnoException;
    const reason = code === 'EADDRINUSE' ? 'the port is in use' : (err as Error).message;
    io.stderr.write(`w3kit-server btc: cannot start on 127.0.0.1:${port}: ${reason}\n`);
    return 1;
  }
  io.stdout.write(`bitcoin esplora ${btc.url}\n`);
  io.stdout.write(`bitcoin dev account ${DEV_BITCOIN_KEY.address} (${DEV_FUND_BTC} BTC at creation, regtest) wif ${DEV_BITCOIN_KEY.wif}\n`);
  await waitForStop(io.signal);
  await btc.close();
  return 0;
}

export const btcCommand: Command = {
  name: 'btc',
  usage: 'btc [--port N] [--data DIR] [--block-time N] [--fund ADDRESS=BTC]',
  summary: 'run the local Bitcoin development chain (regtest, Esplora HTTP API) until Ctrl-C',
  args: 0,
  flags: ['help', 'data', 'config', 'port', 'block-time', 'fund'],
  options: {
    heading: 'Bitcoin development chain options (btc)',
    lines: [
      { flag: 'port', value: 'N', text: 'Esplora HTTP port (default 18443, env W3KIT_BITCOIN_PORT); 0 picks a free port' },
      {
        flag: 'data',
        value: 'DIR',
        text: 'keep blocks, transactions and the mempool in DIR/btc-state.json across restarts\n(without it the chain lives in memory)',
      },
      {
        flag: 'block-time',
        value: 'N',
        text: 'mine a block every N seconds (1 to 3600) while transactions wait; without it\neach accepted transaction is mined into a block at once',
      },
      {
        flag: 'fund',
        value: 'ADDRESS=BTC',
        text: 'repeatable: give a regtest P2WPKH or P2TR address BTC (at most 100000) at start,\nunless it already has history; the dev account always gets 10 BTC at creation',
      },
    ],
  },
  run: runBtc,
};
