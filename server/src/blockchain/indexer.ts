/**
 * Follows one EVM JSON-RPC node and keeps the index of its chain (../storage/evm-index.ts, on
 * SQLite or Postgres) up to date: every
 * `pollIntervalMs` (250 ms) it reads eth_blockNumber, then fetches the new blocks (at most
 * `batchSize` per round, from genesis on) with their transactions, receipts and Transfer logs,
 * reads the metadata of new tokens and NFTs once, and stores the batch in one transaction.
 *
 * Reorganisations and restarts: when the node's head is below the last indexed block, when the
 * stored hash of the last block differs from the node's, or when a new block does not build on
 * it, the indexer finds the highest block both agree on (binary search by hash), deletes
 * everything above it and indexes again from there.
 *
 * When the node stops answering it logs one line, retries every second and carries on when it
 * is back (reading eth_chainId again: a restarted node may serve another chain).
 *
 * A range that does not hang together (a block, receipt or log missing or naming another block)
 * is logged and read again in ever smaller ranges. Blocks whose parent hashes do not link (as
 * Hardhat serves after `hardhat_mine`) are checked against the hashes the node serves by number
 * instead, and indexed when those agree. Rounds that index nothing while the node has more
 * blocks for `stallAfterMs` (30 s) are a stall: logged, and shown by `status()` (/health).
 *
 * Several instances on one database: before each pass the indexer asks its `lease` whether it
 * holds the chain (default: always, in process; a Redis or Postgres-advisory-lock lease lets
 * one instance at a time index a chain). A pass without the lease writes nothing and only
 * reads how far the index got. Writes are idempotent besides (unique keys, ON CONFLICT DO
 * NOTHING), so two instances indexing the same blocks leave no duplicate or missing row.
 */
import { hexToBigInt, type Hex } from 'viem';
import { DISK_FULL_MESSAGE, isDiskFull, noteDiskFull } from '../db/disk-full.js';
import { caipChainId } from '../chains/eip155/chain.js';
import { brokenLink, fetchRange, hashesByNumber } from './blocks.js';
import { withMetadata } from './enrich.js';
import { createRpcClient, publicRpcUrl, RpcUnavailableError } from './rpc.js';
import { DEFAULT_STALL_AFTER_MS, StallWatch } from './stall.js';
import { IN_PROCESS_LEASE, leaseCheck } from './index-lease.js';
import type { Indexer, IndexerLogger, IndexerOptions } from './indexer-types.js';
import { evmIndexRepository } from '../storage/evm-index.js';

export const DEFAULT_POLL_INTERVAL_MS = 250;
export const DEFAULT_BATCH_SIZE = 100;
/** How often a node that does not answer is tried again. */
export const RETRY_INTERVAL_MS = 1000;

export { IN_PROCESS_LEASE, type IndexLease } from './index-lease.js';
export type { Indexer, IndexerLogger, IndexerOptions, IndexerStatus } from './indexer-types.js';

const stderrLogger: IndexerLogger = {
  info: () => undefined,
  warn: (message) => process.stderr.write(`w3kit-server: ${message}\n`),
};

export function createIndexer({
  storage,
  lease = IN_PROCESS_LEASE,
  rpcUrl,
  pollIntervalMs = DEFAULT_POLL_INTERVAL_MS,
  batchSize = DEFAULT_BATCH_SIZE,
  stallAfterMs = DEFAULT_STALL_AFTER_MS,
  logger = stderrLogger,
}: IndexerOptions): Indexer {
  const rpc = createRpcClient(rpcUrl);
  const index = evmIndexRepository(storage);
  const controller = new AbortController();
  const signal = controller.signal;
  let chain: string | undefined;
  /** The last indexed block as last read (status() answers synchronously). */
  let indexed: number | null = null;
  let restored: Promise<void> | undefined;
  const holdsLease = leaseCheck(lease, logger);
  let chainChecked = false;
  let connected = false;
  let down = false;
  let lastProblem: string | undefined;
  let nodeHead: number | null = null;
  let running: Promise<void> | undefined;
  let stopped = false;
  /** Blocks read per round: halved after a range that does not hang together, doubled back after one that does. */
  let rangeSize = batchSize;
  /** Why the last round indexed nothing (each reason logged once until the indexer catches up). */
  let inconsistency: string | undefined;
  let loggedInconsistency: string | undefined;
  let warnedLinks = false;
  const stall = new StallWatch(stallAfterMs);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    });

  const hashOnNode = async (n: number): Promise<string | undefined> => {
    const block = await rpc.request<{ hash: string } | null>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false], signal);
    return block?.hash.toLowerCase();
  };

  /** Deletes what is above the highest block at or below `upper` that the node still has. */
  async function reorganise(chainId: string, upper: number): Promise<void> {
    let lo = -1; // a block both agree on (-1: none)
    let hi = upper + 1; // a block they do not agree on (or beyond)
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const stored = await index.blockHash(chainId, mid);
      if (stored !== undefined && stored === (await hashOnNode(mid))) lo = mid;
      else hi = mid;
    }
    if (stopped) return;
    await index.rollback(chainId, lo);
    logger.info(`EVM indexer (${chainId}): the chain changed below block ${upper + 1}; re-indexing from block ${lo + 1}`);
  }

  /** One round: checks the last block against the node and indexes up to `batchSize` blocks. True when more are waiting. */
  async function step(chainId: string): Promise<boolean> {
    const head = Number(hexToBigInt(await rpc.request<Hex>('eth_blockNumber', [], signal)));
    nodeHead = head;
    let last = await index.lastBlock(chainId);
    if (last && (head < last.number || (head === last.number && (await hashOnNode(last.number)) !== last.hash))) {
      await reorganise(chainId, Math.min(head, last.number));
      last = await index.lastBlock(chainId);
    }
    const from = last ? last.number + 1 : 0;
    if (from > head || stopped) return false;
    const to = Math.min(head, from + rangeSize - 1);
    const range = await fetchRange(rpc, from, to, signal);
    if ('inconsistent' in range) return inconsistent(chainId, from, to, range.inconsistent);
    const broken = brokenLink(range.blocks, last?.hash);
    if (broken !== undefined) {
      // Either the chain changed under us, or the node's parent hashes are wrong: ask for the hashes by number.
      const base = last ? from - 1 : from;
      const current = await hashesByNumber(rpc, base, to, signal);
      if (last && current[0] !== last.hash) {
        await reorganise(chainId, last.number);
        return true;
      }
      if (range.blocks.some((b) => current[b.number - base] !== b.hash)) return inconsistent(chainId, from, to, broken);
      if (!warnedLinks)
        logger.warn(
          `EVM indexer (${chainId}): ${broken}, though the node serves both by number; its blocks do not link (as after Hardhat's hardhat_mine), so the indexer follows the block numbers`,
        );
      warnedLinks = true;
    }
    const batch = await withMetadata(index, rpc, chainId, range, signal);
    if (stopped) return false;
    await index.writeBatch(chainId, batch);
    rangeSize = Math.min(batchSize, rangeSize * 2);
    return to < head;
  }

  /** A range that did not hang together: logs why (once per reason) and reads a smaller range next round. */
  function inconsistent(chainId: string, from: number, to: number, reason: string): false {
    inconsistency = `blocks ${from} to ${to} do not hang together: ${reason}`;
    if (reason !== loggedInconsistency)
      logger.warn(`EVM indexer (${chainId}): ${inconsistency}; reading them again${to > from ? ' in smaller ranges' : ''}`);
    loggedInconsistency = reason;
    rangeSize = Math.max(1, Math.floor((to - from + 1) / 2));
    return false;
  }

  /** Counts the round for the stall watch: progress when it indexed a block or has nothing left. */
  function judgeRound(before: number, after: number, problem: string | undefined): void {
    const caughtUp = nodeHead === null || after >= nodeHead;
    if (problem === undefined && caughtUp) loggedInconsistency = undefined;
    if (problem === undefined && (after > before || caughtUp)) {
      if (stall.progress()) logger.warn(`EVM indexer (${chain}): indexing again from block ${before + 1}`);
      return;
    }
    if (stall.failed(problem ?? inconsistency ?? 'no block was indexed'))
      logger.warn(
        `EVM indexer (${chain}): stalled at block ${after} (the node's head is ${nodeHead}) for ${stallAfterMs / 1000} s: ${stall.state().lastError}`,
      );
  }

  /** How far the index is (-1: nothing), read again: another instance may have written. */
  async function readIndexed(): Promise<number> {
    const n = chain ? ((await index.lastBlock(chain))?.number ?? -1) : -1;
    indexed = chain && n >= 0 ? n : null;
    return n;
  }

  async function restore(): Promise<void> {
    restored ??= (async () => {
      chain ??= await index.chainOfRpc(rpcUrl);
      await readIndexed();
    })();
    return restored;
  }

  async function run(): Promise<void> {
    await restore().catch(() => undefined);
    while (!stopped) {
      let more = false;
      let problem: string | undefined;
      let indexing = true;
      inconsistency = undefined;
      let before = -1;
      try {
        before = await readIndexed();
        const id = chainChecked ? chain! : caipChainId(hexToBigInt(await rpc.request<Hex>('eth_chainId', [], signal)));
        if (stopped) break;
        if (id !== chain) logger.info(`EVM indexer: ${rpcUrl} serves ${id}`);
        chain = id;
        if (await holdsLease(id)) {
          if (!chainChecked) await index.saveChain(id, rpcUrl);
          chainChecked = true;
          more = await step(id);
        } else {
          // Another instance indexes the chain: follow the node's head, write nothing, judge nothing.
          indexing = false;
          chainChecked = false;
          nodeHead = Number(hexToBigInt(await rpc.request<Hex>('eth_blockNumber', [], signal)));
        }
        connected = true;
        lastProblem = undefined;
        if (down) logger.warn(`EVM indexer: ${rpcUrl} (${chain}) answers again; indexing`);
        down = false;
      } catch (err) {
        if (stopped) break;
        if (isDiskFull(err)) {
          // The node answered; the disk refused the blocks: report that, not the chain as gone.
          noteDiskFull(storage.sqlite ?? storage, err);
          problem = `${DISK_FULL_MESSAGE} (${(err as { code?: string }).code})`;
          if (problem !== lastProblem) logger.warn(`EVM indexer: ${rpcUrl}: ${problem}`);
          lastProblem = problem;
        } else if (err instanceof RpcUnavailableError) {
          connected = false;
          if (!down)
            logger.warn(`EVM indexer: ${rpcUrl}${chain ? ` (${chain})` : ''} is not answering (${err.message}); retrying every second`);
          down = true;
          chainChecked = false;
          problem = `the node is not answering (${err.message})`;
        } else {
          connected = false;
          problem = (err as Error).message;
          if (problem !== lastProblem) logger.warn(`EVM indexer: ${rpcUrl}: ${problem}`);
          lastProblem = problem;
        }
      }
      if (stopped) break;
      const after = await readIndexed().catch(() => before);
      if (indexing) judgeRound(before, after, problem ?? inconsistency);
      if (!more && !stopped) await sleep(down ? Math.max(pollIntervalMs, RETRY_INTERVAL_MS) : pollIntervalMs);
    }
  }

  return {
    rpc,
    rpcUrl,
    chainId: () => chain,
    status: () => ({
      rpcUrl: publicRpcUrl(rpcUrl),
      chainId: chain ?? null,
      connected,
      head: nodeHead,
      indexed,
      ...stall.state(),
    }),
    restore,
    start() {
      if (!running && !stopped) running = run();
    },
    stop() {
      stopped = true;
      controller.abort();
      return running ?? Promise.resolve();
    },
  };
}
