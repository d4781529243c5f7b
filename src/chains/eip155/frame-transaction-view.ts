/**
 * What an eip155 transaction's approval says: to, value in the network's symbol, the network,
 * the data decoded where its ABI is known (./frame-calldata.ts; a token's symbol and decimals
 * read from the token through the network's RPC), else the data's length; and the network fee
 * (estimated gas x fee per gas, from the transaction or the RPC). Every lookup is bounded
 * (LOOKUP_MS); one that fails or is late leaves its detail out ('Network fee unavailable'),
 * never the approval.
 */
import { decodeAbiParameters, formatUnits, hexToBigInt, hexToString, maxUint256, numberToHex, type Hex } from 'viem';
import type { FrameNetwork } from '../../frame/messages.js';
import type { ApprovalTexts } from '../../frame/site/approval-texts.js';
import type { ApprovalRow, JsonRpcCall } from '../../frame/site/context.js';
import { fill } from '../../frame/site/texts.js';
import { decodeKnownCall } from './frame-calldata.js';

/** How long one RPC lookup (a token's symbol, a gas estimate) may take before its detail is left out. */
export const LOOKUP_MS = 4_000;

export interface EvmCall {
  to?: string;
  value: bigint;
  data?: Hex;
  gas?: bigint;
  /** The fee per gas the transaction sets (maxFeePerGas or gasPrice), if it does. */
  feePerGas?: bigint;
}

export interface ViewEnv {
  network: FrameNetwork;
  jsonRpc: JsonRpcCall;
  texts: ApprovalTexts;
}

/** `promise`, or undefined when it fails or takes longer than LOOKUP_MS. */
function within<T>(promise: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), LOOKUP_MS)));
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

const SYMBOL = '0x95d89b41';
const DECIMALS = '0x313ce567';

async function read(env: ViewEnv, to: string, data: Hex): Promise<Hex | undefined> {
  const result = await within(env.jsonRpc(env.network.rpcUrl, 'eth_call', [{ to, data }, 'latest']));
  return typeof result === 'string' && /^0x[0-9a-f]*$/i.test(result) && result.length > 2 ? (result as Hex) : undefined;
}

/** The token's symbol and decimals, as far as it answers (bytes32 symbols too). */
async function tokenInfo(env: ViewEnv, token: string): Promise<{ symbol?: string; decimals?: number }> {
  const [symbolHex, decimalsHex] = await Promise.all([read(env, token, SYMBOL), read(env, token, DECIMALS)]);
  let symbol: string | undefined;
  if (symbolHex) {
    try {
      symbol = decodeAbiParameters([{ type: 'string' }], symbolHex)[0];
    } catch {
      if (symbolHex.length === 66) symbol = hexToString(symbolHex).replace(/\0+$/, '');
    }
  }
  const decimals = decimalsHex && decimalsHex.length <= 66 ? Number(hexToBigInt(decimalsHex)) : undefined;
  return {
    ...(symbol && /^[\p{L}\p{N} ._$-]{1,16}$/u.test(symbol) ? { symbol } : {}),
    ...(decimals !== undefined && decimals <= 36 ? { decimals } : {}),
  };
}

const native = (env: ViewEnv, wei: bigint) =>
  `${formatUnits(wei, env.network.nativeCurrency.decimals)} ${env.network.nativeCurrency.symbol}`;

/** `amount` (a decimal) cut to `digits` significant digits after the point: a fee reads 0.0000653888, not 18 decimals. */
export function significant(amount: string, digits = 6): string {
  const [whole, fraction = ''] = amount.split('.');
  if (!fraction) return amount;
  const lead = whole === '0' ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  const kept = fraction.slice(0, whole === '0' ? lead + digits : Math.max(0, digits - whole!.length)).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : whole!;
}

function tokenAmount(texts: ApprovalTexts, amount: bigint, info: { symbol?: string; decimals?: number }): string {
  if (info.decimals === undefined) return fill(texts.units, { amount: amount.toString() });
  return `${formatUnits(amount, info.decimals)}${info.symbol ? ` ${info.symbol}` : ''}`;
}

/** The rows of one call: to, value, network, then what its data does (or the data's length). */
export async function callRows(call: EvmCall, env: ViewEnv): Promise<ApprovalRow[]> {
  const { texts } = env;
  const rows: ApprovalRow[] = [
    { label: texts.to, value: call.to ?? texts.newContract },
    { label: texts.value, value: native(env, call.value) },
    { label: texts.network, value: env.network.name },
  ];
  const known = call.to ? decodeKnownCall(call.data) : undefined;
  if (!known || !call.to) {
    if (call.data && call.data.length > 2)
      rows.push({ label: texts.data, value: fill(texts.bytes, { count: (call.data.length - 2) / 2 }) });
    return rows;
  }
  if (known.kind === 'approveAll') {
    rows.push(
      { label: texts.action, value: known.approved ? texts.allowAll : texts.revokeAll },
      { label: texts.operator, value: known.operator },
    );
    return rows;
  }
  if (known.kind === 'nftTransfer') {
    rows.push({ label: texts.action, value: texts.sendNft });
    if (known.from) rows.push({ label: texts.from, value: known.from });
    rows.push({ label: texts.recipient, value: known.to }, { label: texts.tokenId, value: known.tokenId.toString() });
    if (known.amount !== undefined) rows.push({ label: texts.amount, value: known.amount.toString() });
    return rows;
  }
  const info = await tokenInfo(env, call.to);
  const token = info.symbol ?? texts.token;
  if (known.kind === 'approve') {
    rows.push({ label: texts.action, value: texts.allowSpending }, { label: texts.spender, value: known.spender });
    const unlimited = known.amount === maxUint256 || known.amount >= 2n ** 255n;
    if (info.decimals === undefined && !unlimited) rows.push({ label: texts.tokenId, value: known.amount.toString() });
    else
      rows.push({
        label: texts.amount,
        value: unlimited ? fill(texts.unlimited, { symbol: token }) : tokenAmount(texts, known.amount, info),
      });
    return rows;
  }
  // transfer / transferFrom: without decimals, transferFrom is an ERC-721 token's move.
  const nft = known.from !== undefined && info.decimals === undefined;
  rows.push({ label: texts.action, value: nft ? texts.sendNft : texts.sendTokens });
  if (known.from) rows.push({ label: texts.from, value: known.from });
  rows.push({ label: texts.recipient, value: known.to });
  rows.push(
    nft ? { label: texts.tokenId, value: known.amount.toString() } : { label: texts.amount, value: tokenAmount(texts, known.amount, info) },
  );
  return rows;
}

/** The network fee of `calls` sent from `from`, as text: 'Network fee unavailable' when it cannot be estimated. */
export async function networkFee(calls: EvmCall[], from: string, env: ViewEnv): Promise<string> {
  const { rpcUrl } = env.network;
  const quantity = (value: unknown) => (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value) ? BigInt(value) : undefined);
  const needsPrice = calls.some((call) => call.feePerGas === undefined);
  const price = needsPrice ? quantity(await within(env.jsonRpc(rpcUrl, 'eth_gasPrice', []))) : 0n;
  const gases = await Promise.all(
    calls.map(async (call) => {
      if (call.gas !== undefined) return call.gas;
      const request = {
        from,
        ...(call.to ? { to: call.to } : {}),
        value: numberToHex(call.value),
        ...(call.data ? { data: call.data } : {}),
      };
      return quantity(await within(env.jsonRpc(rpcUrl, 'eth_estimateGas', [request])));
    }),
  );
  if (price === undefined || gases.some((gas) => gas === undefined)) return env.texts.feeUnavailable;
  const total = calls.reduce((sum, call, i) => sum + (gases[i] as bigint) * (call.feePerGas ?? price), 0n);
  return `${significant(formatUnits(total, env.network.nativeCurrency.decimals))} ${env.network.nativeCurrency.symbol}`;
}
