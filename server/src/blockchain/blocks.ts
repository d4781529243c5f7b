/**
 * Reads a range of blocks from the node: each block with its full transactions, their receipts
 * (status, created contract) and the range's Transfer logs (ERC-20: 3 topics and the amount as
 * data; ERC-721: 4 topics, the token id last). Answers `{ inconsistent }` (saying what) when
 * what came back does not hang together (a block missing, a receipt's or a log's block hash not
 * matching), which happens when the chain changed between the calls. Parent hashes are checked
 * by the indexer (`brokenLink`), which can confirm a range by block numbers instead: some nodes
 * serve blocks whose parent hash is not the hash of the block before (Hardhat after
 * `hardhat_mine` gives its reserved blocks a zero parent hash).
 */
import { getContractAddress, hexToBigInt, type Hex } from 'viem';
import { TRANSFER_TOPIC } from './abi.js';
import { batched, batchResults, RpcResponseError, type RpcClient } from './rpc.js';
import type { BlockRow, TransactionRow, TransferRow } from './index-rows.js';

export interface FetchedRange {
  blocks: BlockRow[];
  transactions: TransactionRow[];
  transfers: TransferRow[];
}

interface RawTransaction {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  nonce: string;
  transactionIndex: string;
}

interface RawBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  transactions: RawTransaction[];
}

interface RawReceipt {
  blockHash: string;
  status?: string;
  contractAddress?: string | null;
}

interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}

const hex = (n: number) => `0x${n.toString(16)}`;
const num = (value: string) => Number(hexToBigInt(value as Hex));
const topicAddress = (topic: string) => `0x${topic.slice(-40)}`.toLowerCase();

function expectObject<T>(value: unknown, what: string): T {
  if (typeof value !== 'object' || value === null) throw new RpcResponseError(`${what}: unexpected reply ${JSON.stringify(value)}`);
  return value as T;
}

/** Parses a Transfer log; undefined for logs of another shape. */
function parseTransferLog(log: RawLog): Omit<TransferRow, 'txHash' | 'blockNumber' | 'logIndex'> | undefined {
  if (log.removed || log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) return undefined;
  const from = topicAddress(log.topics[1] ?? '');
  const to = topicAddress(log.topics[2] ?? '');
  const token = log.address.toLowerCase();
  if (log.topics.length === 3 && /^0x[0-9a-fA-F]{64}$/.test(log.data)) {
    return { kind: 'erc20', token, from, to, amount: hexToBigInt(log.data as Hex), tokenId: null };
  }
  if (log.topics.length === 4 && (log.data === '0x' || log.data === '')) {
    return { kind: 'erc721', token, from, to, amount: 1n, tokenId: hexToBigInt(log.topics[3] as Hex) };
  }
  return undefined;
}

/** What did not hang together in a range read from the node. */
export interface Inconsistent {
  inconsistent: string;
}

/** The first block whose parent hash is not the hash before it (`previous`: the block below the range), as a message. */
export function brokenLink(blocks: readonly BlockRow[], previous: string | undefined): string | undefined {
  for (const [i, block] of blocks.entries()) {
    const expected = i === 0 ? previous : blocks[i - 1]!.hash;
    if (expected !== undefined && block.parentHash !== expected)
      return `block ${block.number}'s parent hash ${block.parentHash} is not the hash of block ${block.number - 1} (${expected})`;
  }
  return undefined;
}

/** The hashes of blocks `from` to `to` as the node serves them by number (undefined for a block it does not have). */
export async function hashesByNumber(rpc: RpcClient, from: number, to: number, signal?: AbortSignal): Promise<(string | undefined)[]> {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const replies = await batchResults(
    rpc,
    numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), false] })),
    signal,
  );
  return replies.map((b) => (b === null ? undefined : expectObject<{ hash: string }>(b, 'eth_getBlockByNumber').hash.toLowerCase()));
}

export async function fetchRange(rpc: RpcClient, from: number, to: number, signal?: AbortSignal): Promise<FetchedRange | Inconsistent> {
  const numbers = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const replies = await batchResults(
    rpc,
    [
      ...numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [hex(n), true] })),
      { method: 'eth_getLogs', params: [{ fromBlock: hex(from), toBlock: hex(to), topics: [TRANSFER_TOPIC] }] },
    ],
    signal,
  );
  const rawLogs = replies.pop();
  const missing = replies.findIndex((b) => b === null);
  if (missing >= 0) return { inconsistent: `the node has no block ${from + missing}` };
  const rawBlocks = replies.map((b) => expectObject<RawBlock>(b, 'eth_getBlockByNumber'));
  if (!Array.isArray(rawLogs)) throw new RpcResponseError(`eth_getLogs: unexpected reply ${JSON.stringify(rawLogs)}`);

  const blocks: BlockRow[] = rawBlocks.map((b) => ({
    number: num(b.number),
    hash: b.hash.toLowerCase(),
    parentHash: b.parentHash.toLowerCase(),
    timestamp: num(b.timestamp),
  }));
  const hashAt = new Map(blocks.map((b) => [b.number, b.hash]));

  const rawTxs = rawBlocks.flatMap((b, i) => b.transactions.map((tx) => ({ tx, block: blocks[i]! })));
  const receiptOutcomes = await batched(
    rpc,
    rawTxs.map(({ tx }) => ({ method: 'eth_getTransactionReceipt', params: [tx.hash] })),
    signal,
  );

  const transactions: TransactionRow[] = [];
  const transfers: TransferRow[] = [];
  for (const [i, { tx, block }] of rawTxs.entries()) {
    const outcome = receiptOutcomes[i]!;
    if (!outcome.ok) throw outcome.error;
    if (outcome.result === null) return { inconsistent: `the node has no receipt of transaction ${tx.hash} in block ${block.number}` };
    const receipt = expectObject<RawReceipt>(outcome.result, 'eth_getTransactionReceipt');
    if (receipt.blockHash.toLowerCase() !== block.hash)
      return { inconsistent: `the receipt of transaction ${tx.hash} names another block than ${block.number} (${block.hash})` };
    const status = receipt.status === '0x0' ? 'failed' : 'confirmed';
    const fromAddress = tx.from.toLowerCase();
    const nonce = num(tx.nonce);
    const created = tx.to
      ? null
      : (receipt.contractAddress?.toLowerCase() ?? getContractAddress({ from: fromAddress as Hex, nonce: BigInt(nonce) }).toLowerCase());
    const value = hexToBigInt(tx.value as Hex);
    const row: TransactionRow = {
      hash: tx.hash.toLowerCase(),
      blockNumber: block.number,
      txIndex: num(tx.transactionIndex),
      from: fromAddress,
      to: tx.to?.toLowerCase() ?? null,
      createdContract: created,
      value,
      nonce,
      status,
      timestamp: block.timestamp,
    };
    transactions.push(row);
    if (value > 0n && status === 'confirmed') {
      transfers.push({
        txHash: row.hash,
        logIndex: -1,
        blockNumber: block.number,
        kind: 'native',
        token: null,
        from: fromAddress,
        to: row.to ?? created!,
        amount: value,
        tokenId: null,
      });
    }
  }

  for (const raw of rawLogs as RawLog[]) {
    const blockNumber = num(raw.blockNumber);
    if (hashAt.get(blockNumber) !== raw.blockHash.toLowerCase())
      return { inconsistent: `a Transfer log of block ${blockNumber} names another block hash (${raw.blockHash})` };
    const parsed = parseTransferLog(raw);
    if (parsed) transfers.push({ ...parsed, txHash: raw.transactionHash.toLowerCase(), blockNumber, logIndex: num(raw.logIndex) });
  }
  return { blocks, transactions, transfers };
}
