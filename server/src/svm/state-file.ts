/**
 * Saving the local SVM's state with `--data DIR`: `DIR/svm-state.json` holds the block height,
 * every account transactions touched (lamports, owner, data, ...) and the signature history,
 * written (to a temporary file, then renamed) at most every SAVE_DELAY_MS after a change and
 * on close, and read back at start, so balances and signatures survive a restart.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ChainState } from './chain.js';
import type { TxRecord } from './history.js';

export const STATE_FILE = 'svm-state.json';
const SAVE_DELAY_MS = 200;
const VERSION = 1;

interface FileAccount {
  lamports: string;
  owner: string;
  data: string;
  executable: boolean;
  rentEpoch: string;
}

interface StateFile {
  version: number;
  genesisHash: string;
  height: number;
  accounts: Record<string, FileAccount>;
  history: TxRecord[];
}

/** The state saved in `dir`, or undefined when there is none yet; throws on a file it cannot read. */
export function readState(dir: string, genesisHash: string): ChainState | undefined {
  const file = path.join(dir, STATE_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  let saved: StateFile;
  try {
    saved = JSON.parse(text) as StateFile;
  } catch (err) {
    throw new Error(`${file} is not JSON: ${(err as Error).message}`);
  }
  if (
    saved?.version !== VERSION ||
    saved.genesisHash !== genesisHash ||
    typeof saved.accounts !== 'object' ||
    !Array.isArray(saved.history)
  ) {
    throw new Error(`${file} is not a local SVM state file of this version (version ${VERSION}, genesis ${genesisHash})`);
  }
  return {
    height: Number(saved.height) || 0,
    accounts: Object.entries(saved.accounts).map(([address, a]) => [
      address,
      {
        lamports: BigInt(a.lamports),
        owner: a.owner,
        data: new Uint8Array(Buffer.from(a.data, 'base64')),
        executable: a.executable,
        rentEpoch: BigInt(a.rentEpoch),
      },
    ]),
    history: saved.history,
  };
}

function writeState(dir: string, genesisHash: string, state: ChainState): void {
  const saved: StateFile = {
    version: VERSION,
    genesisHash,
    height: state.height,
    accounts: Object.fromEntries(
      state.accounts.map(([address, a]) => [
        address,
        {
          lamports: a.lamports.toString(),
          owner: a.owner,
          data: Buffer.from(a.data).toString('base64'),
          executable: a.executable,
          rentEpoch: a.rentEpoch.toString(),
        },
      ]),
    ),
    history: state.history,
  };
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, STATE_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(saved));
  renameSync(`${file}.tmp`, file);
}

/** Saves `state()` into `dir` shortly after each `changed()`, and at once on `flush()`. */
export function stateSaver(dir: string, genesisHash: string, state: () => ChainState) {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    writeState(dir, genesisHash, state());
  };
  return {
    changed() {
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    },
    flush: save,
  };
}
