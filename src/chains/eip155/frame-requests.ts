/**
 * The unsafe eip155 methods the frame signs: personal_sign, eth_signTypedData_v4,
 * eth_sendTransaction and wallet_sendCalls (its calls sent one after another). Each is checked
 * first (a clear error naming the bad parameter), described for the approval screen ('Sign
 * message' with the message or typed data's tree, ./frame-typed-data.ts; 'Approve transaction'
 * or 'Approve {count} transactions' with each call's rows and the network fee,
 * ./frame-transaction-view.ts), and run with the key only after the user approved.
 */
import { bytesToHex, createWalletClient, defineChain, hexToBytes, http, isAddress, isHex, type Hex, type TypedDataDefinition } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { FrameNetwork } from '../../frame/messages.js';
import { wipe } from '../../frame/keys/bytes.js';
import { deriveEvmKey } from '../../frame/keys/derive.js';
import { FrameRpcError } from '../../frame/site/approval-queue.js';
import { messageText, type PrepareEnv, type PreparedRequest } from '../../frame/site/prepared-request.js';
import { fill, FRAME_REPLY_TEXT } from '../../frame/site/texts.js';
import { MAX_CALLS, rememberBatch } from './frame-calls-status.js';
import { callRows, networkFee, type EvmCall, type ViewEnv } from './frame-transaction-view.js';
import { typedDataTree } from './frame-typed-data.js';
import { activeSmartAccountAt } from './smart-account/active.js';
import { sendAsUserOperation, signMessageAsSafe, signTypedDataAsSafe, type SmartRunEnv } from './smart-account/requests.js';

const MAX_MESSAGE = 65_536;
/** EIP-5792's refusal of a batch with `atomicRequired: true` by a wallet that sends calls one by one. */
const ATOMICITY_NOT_SUPPORTED = { code: 5760, message: 'Atomicity not supported' } as const;
export { MAX_CALLS };

function invalid(message: string): FrameRpcError {
  return new FrameRpcError(message, -32602);
}

function checkAddress(value: unknown, mine: string, name: string): void {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw invalid(`${name} must be an address`);
  if (value.toLowerCase() !== mine.toLowerCase()) throw new FrameRpcError(FRAME_REPLY_TEXT.wrongAddress, 4100);
}

async function withKey<T>(seed: Uint8Array, fn: (key: Hex) => Promise<T>): Promise<T> {
  const key = deriveEvmKey(seed);
  try {
    return await fn(bytesToHex(key));
  } finally {
    wipe(key);
  }
}

function personalSign(params: unknown[], mine: string, env: PrepareEnv, smart?: SmartRunEnv): PreparedRequest {
  const [message, address] = params;
  if (typeof message !== 'string' || message.length > MAX_MESSAGE) throw invalid('params[0] must be the message (hex)');
  checkAddress(address, mine, 'params[1]');
  const raw = isHex(message) ? hexToBytes(message) : new TextEncoder().encode(message);
  const { text, isText } = messageText(raw);
  return {
    view: { title: env.texts.signMessage, rows: [], body: isText ? text : `${env.texts.hexMessage}\n${text}`, locale: env.locale },
    run: (seed) =>
      smart ? signMessageAsSafe(seed, smart, raw) : withKey(seed, (key) => privateKeyToAccount(key).signMessage({ message: { raw } })),
  };
}

interface TypedData {
  domain?: Record<string, unknown>;
  types: Record<string, { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

function parseTypedData(value: unknown): TypedData {
  let data = value;
  if (typeof value === 'string') {
    if (value.length > MAX_MESSAGE) throw invalid('params[1] is too long');
    try {
      data = JSON.parse(value);
    } catch {
      throw invalid('params[1] must be typed data as JSON');
    }
  }
  const typed = data as Partial<TypedData> | null;
  if (typeof typed !== 'object' || typed === null) throw invalid('params[1] must be typed data');
  if (typeof typed.types !== 'object' || typed.types === null) throw invalid('params[1].types is missing');
  if (typeof typed.primaryType !== 'string') throw invalid('params[1].primaryType is missing');
  if (typeof typed.message !== 'object' || typed.message === null) throw invalid('params[1].message is missing');
  return typed as TypedData;
}

function signTypedData(params: unknown[], mine: string, env: PrepareEnv, smart?: SmartRunEnv): PreparedRequest {
  checkAddress(params[0], mine, 'params[0]');
  const typed = parseTypedData(params[1]);
  const { EIP712Domain: _domain, ...types } = typed.types;
  const domain = typed.domain ?? {};
  const chainName = (id: number) => env.networks.find((network) => network.caipNetworkId === `eip155:${id}`)?.name;
  const { tree, valid } = typedDataTree(typed, chainName, env.texts);
  return {
    view: { title: env.texts.signMessage, rows: [], tree, ...(valid ? {} : { note: env.texts.unreadable }), locale: env.locale },
    run: (seed) =>
      smart
        ? signTypedDataAsSafe(seed, smart, {
            domain,
            types,
            primaryType: typed.primaryType,
            message: typed.message,
          } as unknown as TypedDataDefinition)
        : withKey(seed, (key) =>
            privateKeyToAccount(key).signTypedData({ domain, types, primaryType: typed.primaryType, message: typed.message } as Parameters<
              ReturnType<typeof privateKeyToAccount>['signTypedData']
            >[0]),
          ),
  };
}

function optionalHex(tx: Record<string, unknown>, name: string): Hex | undefined {
  const value = tx[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !isHex(value)) throw invalid(`params[0].${name} must be hex`);
  return value;
}

function optionalQuantity(tx: Record<string, unknown>, name: string): bigint | undefined {
  const value = optionalHex(tx, name);
  return value === undefined ? undefined : BigInt(value);
}

function chainOf(network: FrameNetwork) {
  return defineChain({
    id: Number(network.caipNetworkId.split(':')[1]),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [network.rpcUrl] } },
  });
}

function checkTo(to: unknown, name: string): string | undefined {
  if (to === undefined || to === null) return undefined;
  if (typeof to !== 'string' || !isAddress(to, { strict: false })) throw invalid(`${name} must be an address`);
  return to;
}

function sendTransaction(params: unknown[], mine: string, network: FrameNetwork, env: PrepareEnv, smart?: SmartRunEnv): PreparedRequest {
  const tx = params[0] as Record<string, unknown> | undefined;
  if (typeof tx !== 'object' || tx === null) throw invalid('params[0] must be a transaction');
  if (tx.from !== undefined) checkAddress(tx.from, mine, 'params[0].from');
  const to = checkTo(tx.to, 'params[0].to');
  const value = optionalQuantity(tx, 'value') ?? 0n;
  const data = optionalHex(tx, 'data') ?? optionalHex(tx, 'input');
  const gas = optionalQuantity(tx, 'gas');
  const maxFeePerGas = optionalQuantity(tx, 'maxFeePerGas');
  const maxPriorityFeePerGas = optionalQuantity(tx, 'maxPriorityFeePerGas');
  const nonceHex = optionalQuantity(tx, 'nonce');
  const feePerGas = maxFeePerGas ?? optionalQuantity(tx, 'gasPrice');
  const call: EvmCall = {
    value,
    ...(to ? { to } : {}),
    ...(data ? { data } : {}),
    ...(gas ? { gas } : {}),
    ...(feePerGas ? { feePerGas } : {}),
  };
  const viewEnv: ViewEnv = { network, jsonRpc: env.jsonRpc, texts: env.texts };
  return {
    view: Promise.all([callRows(call, viewEnv), networkFee([call], mine, viewEnv)]).then(([rows, fee]) => ({
      title: env.texts.approveTransaction,
      rows: [...rows, { label: env.texts.fee, value: fee }],
      locale: env.locale,
    })),
    run: (seed) =>
      smart
        ? sendAsUserOperation(seed, smart, [{ to: to as Hex, value, ...(data ? { data } : {}) }])
        : withKey(seed, (key) => {
            const client = createWalletClient({
              account: privateKeyToAccount(key),
              chain: chainOf(network),
              transport: http(network.rpcUrl),
            });
            return client.sendTransaction({
              to: to as Hex | undefined,
              value,
              data,
              gas,
              ...(maxFeePerGas !== undefined ? { maxFeePerGas, maxPriorityFeePerGas } : {}),
              nonce: nonceHex === undefined ? undefined : Number(nonceHex),
            });
          }),
  };
}

/**
 * wallet_sendCalls (EIP-5792): its calls on one screen, sent one after another once approved;
 * answers `{ id }`, the calls' transaction hashes joined by commas, which the frame remembers
 * for wallet_getCallsStatus (./frame-calls-status.ts).
 */
function sendCalls(params: unknown[], mine: string, network: FrameNetwork, env: PrepareEnv, smart?: SmartRunEnv): PreparedRequest {
  const batch = params[0] as Record<string, unknown> | undefined;
  if (typeof batch !== 'object' || batch === null) throw invalid('params[0] must be the calls');
  // EIP-5792: the calls are sent one after another, never atomically; a batch that needs it is refused before any screen.
  if (batch.atomicRequired === true && !smart) throw new FrameRpcError(ATOMICITY_NOT_SUPPORTED.message, ATOMICITY_NOT_SUPPORTED.code);
  if (batch.from !== undefined) checkAddress(batch.from, mine, 'params[0].from');
  if (
    batch.chainId !== undefined &&
    (typeof batch.chainId !== 'string' || !isHex(batch.chainId) || BigInt(batch.chainId) !== BigInt(chainOf(network).id))
  ) {
    throw new FrameRpcError(FRAME_REPLY_TEXT.chainNotFound, 4901);
  }
  const list = batch.calls;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_CALLS)
    throw invalid(`params[0].calls must be 1 to ${MAX_CALLS} calls`);
  const calls: EvmCall[] = list.map((raw: unknown, i) => {
    if (typeof raw !== 'object' || raw === null) throw invalid(`params[0].calls[${i}] must be a call`);
    const item = raw as Record<string, unknown>;
    const to = checkTo(item.to, `params[0].calls[${i}].to`);
    const data = optionalHex(item, 'data');
    return { value: optionalQuantity(item, 'value') ?? 0n, ...(to ? { to } : {}), ...(data ? { data } : {}) };
  });
  const viewEnv: ViewEnv = { network, jsonRpc: env.jsonRpc, texts: env.texts };
  return {
    view: Promise.all([Promise.all(calls.map((call) => callRows(call, viewEnv))), networkFee(calls, mine, viewEnv)]).then(
      ([items, fee]) => ({
        title: fill(env.texts.approveTransactions, { count: calls.length }),
        rows: [{ label: env.texts.fee, value: fee }],
        items,
        locale: env.locale,
      }),
    ),
    run: (seed) =>
      smart
        ? sendAsUserOperation(
            seed,
            smart,
            calls.map((c) => ({ to: c.to as Hex, value: c.value, ...(c.data ? { data: c.data } : {}) })),
          ).then((hash) => (rememberBatch(hash), { id: hash }))
        : withKey(seed, async (key) => {
            const client = createWalletClient({
              account: privateKeyToAccount(key),
              chain: chainOf(network),
              transport: http(network.rpcUrl),
            });
            const hashes: Hex[] = [];
            for (const call of calls)
              hashes.push(await client.sendTransaction({ to: call.to as Hex | undefined, value: call.value, data: call.data }));
            const id = hashes.join(',');
            rememberBatch(id);
            return { id };
          }),
  };
}

/** Checks and describes an unsafe eip155 request; unsupported methods fail with 4200. */
export function prepareEvmRequest(
  method: string,
  params: unknown,
  address: string,
  network: FrameNetwork,
  env: PrepareEnv,
): PreparedRequest {
  const list = Array.isArray(params) ? params : [];
  // From the user's Safe (the active smart account): only on the network it was set up on.
  const active = activeSmartAccountAt(address);
  if (active && active.caipChainId !== network.caipNetworkId) throw new FrameRpcError(FRAME_REPLY_TEXT.noSmartAccounts, 4100);
  const smart = active ? { active, network, jsonRpc: env.jsonRpc } : undefined;
  switch (method) {
    case 'personal_sign':
      return personalSign(list, address, env, smart);
    case 'eth_signTypedData_v4':
      return signTypedData(list, address, env, smart);
    case 'eth_sendTransaction':
      return sendTransaction(list, address, network, env, smart);
    case 'wallet_sendCalls':
      return sendCalls(list, address, network, env, smart);
    default:
      throw new FrameRpcError(FRAME_REPLY_TEXT.unsupportedMethod, 4200);
  }
}
