/**
 * EIP-5792 requests to an eip155 wallet (version 2.0.0): wallet_sendCalls, each call checked
 * before the wallet is asked (spec 5: each 'to' starts with 0x, and 'data' too if present; the
 * refusal names the field), wallet_getCallsStatus's reply parsed ({ status, atomic, receipts },
 * codes 100 to 600). A wallet that does not implement them (4200,
 * -32601, -32004) gets its own error: 'Fetching call status not approved by the wallet.' (spec 8)
 * for the status, a sentence for sending. (wallet_showCallsStatus is the modal's CallsStatus view.)
 */
import { isHex, numberToHex } from 'viem';
import { isEvmAddress, isTransactionHash } from '../../core/address.js';
import { assertChainId } from '../../core/caip.js';
import { W3Error, WalletRequestError } from '../../core/errors.js';
import { walletRequest } from './wallet.js';
import type { Eip1193Provider } from './provider.js';

/** One call of a batch as the app gives it: `value` a bigint, a safe integer, a decimal or 0x string (wei). */
export interface CallRequest {
  to: string;
  data?: string;
  value?: bigint | number | string;
}

export interface SendCallsRequest {
  calls: readonly CallRequest[];
  atomicRequired?: boolean;
  capabilities?: Record<string, unknown>;
}

/** The batch's status (EIP-5792): 100 pending, 200 confirmed, 400 failed off chain, 500 reverted, 600 partly reverted. */
export interface CallsStatus {
  status: number;
  atomic: boolean;
  receipts: CallReceipt[];
}

export interface CallReceipt {
  transactionHash: `0x${string}`;
  status: 'success' | 'reverted';
  blockNumber: bigint;
  gasUsed: bigint;
}

/** The most calls one batch may carry. */
export const MAX_CALLS = 100;
/** The EIP-5792 status codes a wallet may answer. */
const STATUS_CODES = new Set([100, 200, 400, 500, 600]);
/** What a wallet that does not implement a method answers: 4200 unsupported, -32601 not found, -32004 not supported. */
const NOT_IMPLEMENTED = new Set([4200, -32601, -32004]);

const invalid = (field: string, why: string): W3Error =>
  new WalletRequestError(`Invalid ${field}: ${why}`, { messageCode: 'InvalidInput', details: `${field} ${why}` });

function hexValue(field: string, value: unknown): `0x${string}` {
  if (typeof value === 'bigint') {
    if (value < 0n) throw invalid(field, 'it must not be negative');
    return numberToHex(value);
  }
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw invalid(field, 'it must be a whole number of wei');
    return numberToHex(value);
  }
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value)) {
    const n = BigInt(value);
    if (n >= 2n ** 256n) throw invalid(field, 'it is too large');
    return numberToHex(n);
  }
  throw invalid(field, 'it must be an amount of wei (a bigint, a whole number, a decimal or 0x string)');
}

/** The checked calls as wallet_sendCalls carries them; throws naming the first wrong field. */
export function parseCalls(calls: unknown): { to: `0x${string}`; data?: `0x${string}`; value?: `0x${string}` }[] {
  if (!Array.isArray(calls) || calls.length === 0) throw invalid('calls', 'it must be a list of at least one call');
  if (calls.length > MAX_CALLS) throw invalid('calls', `it holds more than ${MAX_CALLS} calls`);
  return calls.map((call: unknown, i) => {
    const at = `calls[${i}]`;
    if (typeof call !== 'object' || call === null || Array.isArray(call)) throw invalid(at, 'it must be an object { to, data?, value? }');
    const { to, data, value } = call as Record<string, unknown>;
    if (typeof to !== 'string' || !to.startsWith('0x')) throw invalid(`${at}.to`, 'it must start with 0x');
    if (!isEvmAddress(to)) throw invalid(`${at}.to`, 'it must be an address of 40 hex characters');
    if (data !== undefined && (typeof data !== 'string' || !data.startsWith('0x'))) throw invalid(`${at}.data`, 'it must start with 0x');
    if (data !== undefined && (!isHex(data) || (data as string).length % 2 !== 0)) throw invalid(`${at}.data`, 'it must be hex bytes');
    return {
      to: to as `0x${string}`,
      ...(data !== undefined && data !== '0x' ? { data: data as `0x${string}` } : {}),
      ...(value !== undefined ? { value: hexValue(`${at}.value`, value) } : {}),
    };
  });
}

/** The wallet_sendCalls parameter (version 2.0.0) for `from` on `chainId`; throws before any request when malformed. */
export function sendCallsParams(request: SendCallsRequest, chainId: number, from: string): Record<string, unknown> {
  if (typeof request !== 'object' || request === null)
    throw invalid('request', 'it must be an object { calls, atomicRequired?, capabilities? }');
  const calls = parseCalls(request.calls);
  if (request.atomicRequired !== undefined && typeof request.atomicRequired !== 'boolean')
    throw invalid('atomicRequired', 'it must be true or false');
  const caps = request.capabilities;
  if (caps !== undefined && (typeof caps !== 'object' || caps === null || Array.isArray(caps)))
    throw invalid('capabilities', 'it must be an object');
  return {
    version: '2.0.0',
    chainId: numberToHex(assertChainId(chainId)),
    from,
    atomicRequired: request.atomicRequired ?? false,
    calls,
    ...(caps ? { capabilities: caps } : {}),
  };
}

function notImplemented(err: unknown, text: string, messageCode: 'CallsStatusNotApproved' | 'SendCallsNotSupported'): unknown {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'number' && NOT_IMPLEMENTED.has(code) ? new WalletRequestError(text, { messageCode, code, cause: err }) : err;
}

const malformed = (method: string, reply: unknown): W3Error =>
  new WalletRequestError(`The wallet answered ${method} with a malformed reply`, { details: JSON.stringify(reply)?.slice(0, 200) });

/** wallet_sendCalls; resolves with the batch id. */
export async function sendCalls(provider: Eip1193Provider, params: Record<string, unknown>): Promise<{ id: string }> {
  let reply: unknown;
  try {
    reply = await walletRequest(provider, 'wallet_sendCalls', [params]);
  } catch (err) {
    throw notImplemented(err, 'This wallet does not support sending batched calls', 'SendCallsNotSupported');
  }
  // EIP-5792 1.0 wallets answered the id as a string.
  const id = typeof reply === 'string' ? reply : (reply as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || id.length === 0 || id.length > 8194) throw malformed('wallet_sendCalls', reply);
  return { id };
}

function quantity(value: unknown): bigint | undefined {
  return typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : undefined;
}

function parseReceipt(raw: unknown): CallReceipt | undefined {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const blockNumber = quantity(r.blockNumber);
  const gasUsed = quantity(r.gasUsed);
  if (typeof r.transactionHash !== 'string' || !isTransactionHash(r.transactionHash) || blockNumber === undefined || gasUsed === undefined)
    return undefined;
  return { transactionHash: r.transactionHash as `0x${string}`, status: r.status === '0x1' ? 'success' : 'reverted', blockNumber, gasUsed };
}

/** wallet_getCallsStatus, parsed; 'Fetching call status not approved by the wallet.' where the wallet has no such method. */
export async function getCallsStatus(provider: Eip1193Provider, id: string): Promise<CallsStatus> {
  let reply: unknown;
  try {
    reply = await walletRequest(provider, 'wallet_getCallsStatus', [id]);
  } catch (err) {
    throw notImplemented(err, 'Fetching call status not approved by the wallet.', 'CallsStatusNotApproved');
  }
  const r = (typeof reply === 'object' && reply !== null ? reply : {}) as Record<string, unknown>;
  if (typeof r.status !== 'number' || !STATUS_CODES.has(r.status)) throw malformed('wallet_getCallsStatus', reply);
  const raw = Array.isArray(r.receipts) ? r.receipts.slice(0, MAX_CALLS) : [];
  const receipts = raw.map(parseReceipt);
  if (receipts.some((x) => !x)) throw malformed('wallet_getCallsStatus', reply);
  return { status: r.status, atomic: r.atomic === true, receipts: receipts as CallReceipt[] };
}
