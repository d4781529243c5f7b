/**
 * The unsafe solana methods the frame signs: solana_signMessage, solana_signTransaction,
 * solana_signAllTransactions and solana_signAndSendTransaction (sent with JSON-RPC
 * `sendTransaction` to the synced network). Transactions are checked before approval: the
 * wallet must be one of their signers.
 */
import { ed25519 } from '@noble/curves/ed25519';
import { formatUnits } from 'viem';
import { base58Decode, base58Encode } from '../../wire/base58.js';
import type { FrameNetwork } from '../../frame/messages.js';
import { base64Decode, base64Encode } from '../../wire/base64.js';
import { wipe } from '../../frame/keys/bytes.js';
import { deriveSolanaSeed } from '../../frame/keys/derive.js';
import { MAX_TRANSACTION_SIZE, parseTransaction, signTransaction } from './frame-transaction.js';
import { describeTransfers } from './frame-transfers.js';
import { FrameRpcError } from '../../frame/site/approval-queue.js';
import type { ApprovalTexts } from '../../frame/site/approval-texts.js';
import type { ApprovalRow } from '../../frame/site/context.js';
import { messageText, type PrepareEnv, type PreparedRequest } from '../../frame/site/prepared-request.js';
import { fill, FRAME_REPLY_TEXT } from '../../frame/site/texts.js';

const MAX_MESSAGE_TEXT = 8_192;
const MAX_BATCH = 16;

function invalid(message: string): FrameRpcError {
  return new FrameRpcError(message, -32602);
}

function record(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalid('params must be an object');
  return params as Record<string, unknown>;
}

function transactionBytes(value: unknown, name: string, address: string): Uint8Array {
  const bytes = typeof value === 'string' && value.length <= (MAX_TRANSACTION_SIZE * 4) / 3 + 4 ? base64Decode(value) : undefined;
  if (!bytes) throw invalid(`${name} must be a base64 transaction`);
  const parsed = parseTransaction(bytes);
  const mine = base58Decode(address);
  const signers = parsed.accountKeys.slice(0, parsed.requiredSignatures);
  if (!mine || !signers.some((key) => key.every((byte, i) => byte === mine[i]))) {
    throw new FrameRpcError(FRAME_REPLY_TEXT.wrongAddress, 4100);
  }
  return bytes;
}

/** A transaction's transfers (amount and recipient each), and how many other instructions it has. */
function transactionRows(bytes: Uint8Array, network: FrameNetwork, texts: ApprovalTexts): ApprovalRow[] {
  const { transfers, others } = describeTransfers(parseTransaction(bytes));
  const rows: ApprovalRow[] = [];
  for (const transfer of transfers) {
    if (transfer.kind === 'sol') {
      rows.push({ label: texts.amount, value: `${formatUnits(transfer.lamports, 9)} ${network.nativeCurrency.symbol}` });
    } else {
      const amount =
        transfer.decimals === undefined
          ? fill(texts.units, { amount: transfer.amount.toString() })
          : formatUnits(transfer.amount, transfer.decimals);
      rows.push({ label: texts.amount, value: amount });
      if (transfer.mint) rows.push({ label: texts.token, value: base58Encode(transfer.mint) });
    }
    rows.push({ label: texts.recipient, value: base58Encode(transfer.to) });
  }
  if (others > 0 || transfers.length === 0) rows.push({ label: texts.action, value: fill(texts.instructions, { count: others }) });
  return rows;
}

async function withSolanaSeed<T>(seed: Uint8Array, fn: (solanaSeed: Uint8Array) => Promise<T> | T): Promise<T> {
  const solanaSeed = deriveSolanaSeed(seed);
  try {
    return await fn(solanaSeed);
  } finally {
    wipe(solanaSeed);
  }
}

/** Checks and describes an unsafe solana request; unsupported methods fail with 4200. */
export function prepareSolanaRequest(
  method: string,
  params: unknown,
  address: string,
  network: FrameNetwork,
  env: PrepareEnv,
): PreparedRequest {
  const { texts, locale } = env;
  const networkRow = { label: texts.network, value: network.name };
  switch (method) {
    case 'solana_signMessage': {
      const { message } = record(params);
      const bytes = typeof message === 'string' ? base58Decode(message, MAX_MESSAGE_TEXT) : undefined;
      if (!bytes) throw invalid('params.message must be base58');
      const { text, isText } = messageText(bytes);
      return {
        view: { title: texts.signMessage, rows: [networkRow], body: isText ? text : `${texts.hexMessage}\n${text}`, locale },
        run: (seed) => withSolanaSeed(seed, (solanaSeed) => ({ signature: base58Encode(ed25519.sign(bytes, solanaSeed)) })),
      };
    }
    case 'solana_signTransaction':
    case 'solana_signAndSendTransaction': {
      const p = record(params);
      const bytes = transactionBytes(p.transaction, 'params.transaction', address);
      const options = p.options === undefined ? {} : record(p.options);
      return {
        view: { title: texts.approveTransaction, rows: [networkRow, ...transactionRows(bytes, network, texts)], locale },
        run: (seed) =>
          withSolanaSeed(seed, async (solanaSeed) => {
            const { transaction, signature } = signTransaction(bytes, solanaSeed);
            if (method === 'solana_signTransaction') return { transaction: base64Encode(transaction) };
            const sent = await env.jsonRpc(network.rpcUrl, 'sendTransaction', [
              base64Encode(transaction),
              { ...options, encoding: 'base64' },
            ]);
            return { signature: typeof sent === 'string' ? sent : base58Encode(signature) };
          }),
      };
    }
    case 'solana_signAllTransactions': {
      const { transactions } = record(params);
      if (!Array.isArray(transactions) || transactions.length === 0 || transactions.length > MAX_BATCH) {
        throw invalid(`params.transactions must be 1 to ${MAX_BATCH} base64 transactions`);
      }
      const all = transactions.map((tx, i) => transactionBytes(tx, `params.transactions[${i}]`, address));
      return {
        view: {
          title: fill(texts.approveTransactions, { count: all.length }),
          rows: [networkRow],
          items: all.map((bytes) => transactionRows(bytes, network, texts)),
          locale,
        },
        run: (seed) =>
          withSolanaSeed(seed, (solanaSeed) => ({
            transactions: all.map((bytes) => base64Encode(signTransaction(bytes, solanaSeed).transaction)),
          })),
      };
    }
    default:
      throw new FrameRpcError(FRAME_REPLY_TEXT.unsupportedMethod, 4200);
  }
}
