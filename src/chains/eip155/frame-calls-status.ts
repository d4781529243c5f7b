/**
 * EIP-5792's reads the frame answers itself (the node knows nothing of them):
 * wallet_getCallsStatus for the batches its wallet_sendCalls sent, whose id is the calls'
 * transaction hashes joined by commas, and wallet_getCapabilities. A batch is sent call after
 * call, never atomically (`atomic: false`; the capability `atomic: unsupported`). Its status
 * comes from the chain: 100 while a call has no receipt, 200 when every call succeeded, 500 when
 * every call reverted, 600 when some did, 400 when a call this frame sent is gone from the node
 * (dropped: it will not be mined). An id is this wallet's when this frame sent it (the last
 * MAX_REMEMBERED batches) or, after a reload, when the node knows each of its transactions as
 * sent from this wallet's address; any other id is refused with EIP-5792's 5730 'Unknown bundle id'.
 */
import { isAddress, numberToHex } from 'viem';
import type { FrameNetwork } from '../../frame/messages.js';
import { FrameRpcError } from '../../frame/site/approval-queue.js';
import type { JsonRpcCall } from '../../frame/site/context.js';
import { FRAME_REPLY_TEXT } from '../../frame/site/texts.js';

/** EIP-5792's words for an id the wallet did not send: the dApp's to read (no person sees them), kept as they are. */
export const UNKNOWN_BUNDLE_ID = { code: 5730, message: 'Unknown bundle id' } as const;

/** The most calls one wallet_sendCalls may batch. */
export const MAX_CALLS = 16;
/** How many batch ids the frame remembers it sent (the oldest forgotten first). */
export const MAX_REMEMBERED = 64;
/** EIP-5792's status codes. */
export const CALLS_STATUS = { pending: 100, confirmed: 200, offchainFailure: 400, reverted: 500, partiallyReverted: 600 } as const;
/** The methods answered here, not forwarded to the network. */
export const EVM_FRAME_ANSWERS: ReadonlySet<string> = new Set(['wallet_getCallsStatus', 'wallet_getCapabilities']);

export interface AnswerEnv {
  jsonRpc: JsonRpcCall;
  /** The networks the host synced. */
  networks: readonly FrameNetwork[];
}

const HASH = /^0x[0-9a-f]{64}$/i;
/** Batch ids this frame sent, lower-cased, oldest first. */
const sent = new Set<string>();

/** Remembers a batch id wallet_sendCalls answered (bounded: the oldest goes first). */
export function rememberBatch(id: string): void {
  sent.add(id.toLowerCase());
  while (sent.size > MAX_REMEMBERED) sent.delete(sent.values().next().value as string);
}

const unknownBundle = () => new FrameRpcError(UNKNOWN_BUNDLE_ID.message, UNKNOWN_BUNDLE_ID.code);
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const chainIdOf = (network: FrameNetwork) => Number(network.caipNetworkId.split(':')[1]);

/** The id's transaction hashes; anything else is no id of ours. */
function batchHashes(id: unknown): string[] {
  if (typeof id !== 'string' || id.length > MAX_CALLS * 67) throw unknownBundle();
  const hashes = id.split(',');
  if (hashes.length > MAX_CALLS || !hashes.every((hash) => HASH.test(hash))) throw unknownBundle();
  if (new Set(hashes.map((hash) => hash.toLowerCase())).size !== hashes.length) throw unknownBundle();
  return hashes;
}

/** A node's receipt as EIP-5792 lists it. */
function receiptOf(receipt: Record<string, unknown>) {
  const logs = Array.isArray(receipt.logs) ? receipt.logs.filter(isRecord) : [];
  return {
    logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
    status: receipt.status,
    blockHash: receipt.blockHash,
    blockNumber: receipt.blockNumber,
    gasUsed: receipt.gasUsed,
    transactionHash: receipt.transactionHash,
  };
}

async function callsStatus(params: unknown[], mine: string, network: FrameNetwork, env: AnswerEnv) {
  const id = params[0];
  const hashes = batchHashes(id);
  const ask = (method: string, hash: string) => env.jsonRpc(network.rpcUrl, method, [hash]);
  const transactions = await Promise.all(hashes.map((hash) => ask('eth_getTransactionByHash', hash)));
  const ours = (tx: unknown) => isRecord(tx) && typeof tx.from === 'string' && tx.from.toLowerCase() === mine.toLowerCase();
  const remembered = sent.has((id as string).toLowerCase());
  if (!remembered && !transactions.every(ours)) throw unknownBundle();
  if (transactions.some((tx) => isRecord(tx) && !ours(tx))) throw unknownBundle();
  const base = { version: '2.0.0', id, chainId: numberToHex(chainIdOf(network)), atomic: false };
  if (transactions.some((tx) => !isRecord(tx))) return { ...base, status: CALLS_STATUS.offchainFailure };
  const receipts = (await Promise.all(hashes.map((hash) => ask('eth_getTransactionReceipt', hash)))).filter(isRecord);
  if (receipts.length < hashes.length) return { ...base, status: CALLS_STATUS.pending };
  const succeeded = receipts.filter((receipt) => receipt.status === '0x1').length;
  const status =
    succeeded === hashes.length ? CALLS_STATUS.confirmed : succeeded === 0 ? CALLS_STATUS.reverted : CALLS_STATUS.partiallyReverted;
  return { ...base, status, receipts: receipts.map(receiptOf) };
}

/** The capabilities of each synced eip155 chain asked for (all of them by default): no atomic batches. */
function capabilities(params: unknown[], mine: string, env: AnswerEnv) {
  const [address, chainIds] = params;
  if (typeof address !== 'string' || !isAddress(address, { strict: false }))
    throw new FrameRpcError('params[0] must be an address', -32602);
  if (address.toLowerCase() !== mine.toLowerCase()) throw new FrameRpcError(FRAME_REPLY_TEXT.wrongAddress, 4100);
  if (chainIds !== undefined && (!Array.isArray(chainIds) || chainIds.length > 64 || !chainIds.every((c) => typeof c === 'string')))
    throw new FrameRpcError('params[1] must be a list of chain ids (hex)', -32602);
  const synced = env.networks.filter((network) => network.caipNetworkId.startsWith('eip155:')).map((n) => numberToHex(chainIdOf(n)));
  const asked = chainIds ? new Set((chainIds as string[]).map((c) => c.toLowerCase())) : undefined;
  const shown = asked ? synced.filter((chain) => asked.has(chain)) : synced;
  return Object.fromEntries(shown.map((chain) => [chain, { atomic: { status: 'unsupported' } }]));
}

/** Answers one of EVM_FRAME_ANSWERS for the wallet at `mine` on `network`. */
export function answerEvmRequest(method: string, params: unknown, mine: string, network: FrameNetwork, env: AnswerEnv): Promise<unknown> {
  const list = Array.isArray(params) ? params : [];
  if (method === 'wallet_getCapabilities') return Promise.resolve().then(() => capabilities(list, mine, env));
  if (method === 'wallet_getCallsStatus') return callsStatus(list, mine, network, env);
  return Promise.reject(new FrameRpcError(FRAME_REPLY_TEXT.unsupportedMethod, 4200));
}
