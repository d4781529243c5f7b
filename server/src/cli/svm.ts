/** `w3kit-server svm [--port N] [--data DIR]`: runs the local Solana chain alone until Ctrl-C (or the io's abort signal). */
import { UsageError, type Command, type CommandContext } from './command.js';
import { waitForStop } from './serve.js';
import { MissingPackageError } from '../optional-package.js';

const DEFAULT_SVM_PORT = 8899;

/** The port from --port, else W3KIT_SOLANA_PORT, else 8899. */
function svmPort({ flags, io }: CommandContext): number {
  const [raw, name] = flags.port !== undefined ? [flags.port, '--port'] : [(io.env ?? process.env).W3KIT_SOLANA_PORT, 'W3KIT_SOLANA_PORT'];
  if (raw === undefined || raw === '') return DEFAULT_SVM_PORT;
  const port = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  if (!(port >= 0 && port <= 65534))
    throw new UsageError(`Invalid ${name} '${raw}': must be a port from 0 to 65534 (the websocket takes port + 1)`);
  return port;
}

async function runSvm(context: CommandContext): Promise<number> {
  const port = svmPort(context);
  const { flags, config, io } = context;
  let svm;
  try {
    // Loaded on demand: only this command needs the SVM (a native module).
    const { startSvmServer } = await import('../svm/server.js');
    svm = await startSvmServer({
      port,
      dataDir: flags.data !== undefined ? config.dataDir : undefined,
      onError: (err) => io.stderr.write(`w3kit-server svm: ${(err as Error)?.stack ?? String(err)}\n`),
    });
  } catch (err) {
    if (err instanceof MissingPackageError) {
      io.stderr.write(`w3kit-server svm: ${err.message}\n`);
      return 1;
    }
    const { code } = err as NodeJS.ErrnoException;
    const reason = code === 'EADDRINUSE' ? 'the port (or port + 1) is in use' : (err as Error).message;
    io.stderr.write(`w3kit-server svm: cannot start on 127.0.0.1:${port}: ${reason}\n`);
    return 1;
  }
  io.stdout.write(`solana rpc ${svm.url} ws ${svm.wsUrl}\n`);
  await waitForStop(io.signal);
  await svm.close();
  return 0;
}

export const svmCommand: Command = {
  name: 'svm',
  usage: 'svm [--port N] [--data DIR]',
  summary: 'run the local Solana chain (JSON-RPC on N, websocket on N + 1) until Ctrl-C',
  args: 0,
  flags: ['help', 'data', 'config', 'port'],
  options: {
    heading: 'Solana chain options (svm)',
    lines: [
      {
        flag: 'port',
        value: 'N',
        text: 'JSON-RPC port (default 8899, env W3KIT_SOLANA_PORT); the websocket is on N + 1;\n0 picks free ports',
      },
      {
        flag: 'data',
        value: 'DIR',
        text: 'keep the accounts and signature history in DIR/svm-state.json across restarts\n(without it the chain lives in memory)',
      },
    ],
  },
  run: runSvm,
};
