/**
 * Saving the development chain with `--data DIR`: `DIR/btc-state.json` holds each block's time
 * and raw transactions and the mempool (chain.ts `ChainSnapshot`), written (to a temporary
 * file, then renamed) at most every SAVE_DELAY_MS after a change and on close, and replayed at
 * start, so balances, transactions and block hashes survive a restart.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BtcDevChain, ChainSnapshot } from './chain.js';

export const BTC_STATE_FILE = 'btc-state.json';
const SAVE_DELAY_MS = 200;
const VERSION = 1;

/** Thrown for a state file that cannot be read back; the message names the file. */
export class BtcStateFileError extends Error {}

const isHexList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** Replays `DIR/btc-state.json` onto `chain`; false when there is none yet. */
export function restoreState(dir: string, chain: BtcDevChain): boolean {
  const file = path.join(dir, BTC_STATE_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw new BtcStateFileError(`cannot read ${file}: ${(err as Error).message}`);
  }
  let saved: { version?: unknown; network?: unknown } & Partial<ChainSnapshot>;
  try {
    saved = JSON.parse(text) as typeof saved;
  } catch (err) {
    throw new BtcStateFileError(`${file} is not JSON (${(err as Error).message}); move it away to start a new chain`);
  }
  const wellFormed =
    saved?.version === VERSION &&
    saved.network === 'regtest' &&
    Array.isArray(saved.blocks) &&
    saved.blocks.every((b) => Number.isInteger(b?.time) && isHexList(b.txs)) &&
    isHexList(saved.mempool);
  if (!wellFormed) throw new BtcStateFileError(`${file} is not a Bitcoin development chain state file (version ${VERSION}, regtest)`);
  try {
    chain.restore(saved as ChainSnapshot);
  } catch (err) {
    throw new BtcStateFileError(`${file} does not replay: ${(err as Error).message}`);
  }
  return true;
}

function writeState(dir: string, chain: BtcDevChain): void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, BTC_STATE_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify({ version: VERSION, network: 'regtest', ...chain.snapshot() }));
  renameSync(`${file}.tmp`, file);
}

/** Saves the chain into `dir` shortly after each `changed()`, and at once on `flush()`. */
export function stateSaver(dir: string, chain: () => BtcDevChain) {
  let timer: NodeJS.Timeout | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    writeState(dir, chain());
  };
  return {
    changed() {
      timer ??= setTimeout(save, SAVE_DELAY_MS);
    },
    flush: save,
  };
}
