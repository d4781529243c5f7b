/**
 * The unsafe eip155 methods the frame signs: personal_sign, eth_signTypedData_v4 and
 * eth_sendTransaction. Each is checked first (a clear error naming the bad parameter), described
 * for the approval screen, and run with the key only after the user approved.
 */
import { bytesToHex, createWalletClient, defineChain, formatUnits, hexToBytes, http, isAddress, isHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { FrameNetwork } from '../../frame/messages.js';
import { wipe } from '../../frame/keys/bytes.js';
import { deriveEvmKey } from '../../frame/keys/derive.js';
import { FrameRpcError } from '../../frame/site/approval-queue.js';
import { messageText, type PreparedRequest } from '../../frame/site/prepared-request.js';
import { fill, FRAME_REPLY_TEXT, FRAME_TEXTS } from '../../frame/site/texts.js';

/** A checked request: what to show, and what to do with the seed once approved. */
const MAX_MESSAGE = 65_536;

function invalid(message: string): FrameRpcError {
  return new FrameRpcError(message, -32602);
}

function checkAddress(value: unknown, mine: string, name: string): void {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw invalid(`${name} must be an address`);
  if (value.toLowerCase() !== mine.toLowerCase()) throw new FrameRpcError(FRAME_REPLY_TEXT.wrongAddress, 4100);
}

/** A message as text when it is UTF-8 text, else its hex. */
async function withKey<T>(seed: Uint8Array, fn: (key: Hex) => Promise<T>): Promise<T> {
  const key = deriveEvmKey(seed);
  try {
    return await fn(bytesToHex(key));
  } finally {
    wipe(key);
  }
}

function personalSign(params: unknown[], mine: string): PreparedRequest {
  const [message, address] = params;
  if (typeof message !== 'string' || message.length > MAX_MESSAGE) throw invalid('params[0] must be the message (hex)');
  checkAddress(address, mine, 'params[1]');
  const raw = isHex(message) ? hexToBytes(message) : new TextEncoder().encode(message);
  const { text, isText } = messageText(raw);
  return {
    view: { title: FRAME_TEXTS.signMessage, rows: [], body: isText ? text : `${FRAME_TEXTS.hexMessage}\n${text}` },
    run: (seed) => withKey(seed, (key) => privateKeyToAccount(key).signMessage({ message: { raw } })),
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

function signTypedData(params: unknown[], mine: string): PreparedRequest {
  checkAddress(params[0], mine, 'params[0]');
  const typed = parseTypedData(params[1]);
  const { EIP712Domain: _domain, ...types } = typed.types;
  const domain = typed.domain ?? {};
  return {
    view: {
      title: FRAME_TEXTS.signTypedData,
      rows: [
        { label: FRAME_TEXTS.domain, value: String(domain.name ?? '') },
        { label: FRAME_TEXTS.chain, value: String(domain.chainId ?? '') },
        { label: FRAME_TEXTS.primaryType, value: typed.primaryType },
      ],
      body: JSON.stringify(typed.message, null, 2),
    },
    run: (seed) =>
      withKey(seed, (key) =>
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

function sendTransaction(params: unknown[], mine: string, network: FrameNetwork): PreparedRequest {
  const tx = params[0] as Record<string, unknown> | undefined;
  if (typeof tx !== 'object' || tx === null) throw invalid('params[0] must be a transaction');
  if (tx.from !== undefined) checkAddress(tx.from, mine, 'params[0].from');
  const to = tx.to ?? undefined;
  if (to !== undefined && (typeof to !== 'string' || !isAddress(to, { strict: false }))) throw invalid('params[0].to must be an address');
  const value = optionalQuantity(tx, 'value') ?? 0n;
  const data = optionalHex(tx, 'data') ?? optionalHex(tx, 'input');
  const gas = optionalQuantity(tx, 'gas');
  const maxFeePerGas = optionalQuantity(tx, 'maxFeePerGas');
  const maxPriorityFeePerGas = optionalQuantity(tx, 'maxPriorityFeePerGas');
  const nonceHex = optionalQuantity(tx, 'nonce');
  const { nativeCurrency } = network;
  const chain = defineChain({
    id: Number(network.caipNetworkId.split(':')[1]),
    name: network.name,
    nativeCurrency,
    rpcUrls: { default: { http: [network.rpcUrl] } },
  });
  return {
    view: {
      title: FRAME_TEXTS.sendTransaction,
      rows: [
        { label: FRAME_TEXTS.to, value: typeof to === 'string' ? to : FRAME_TEXTS.contractCreation },
        { label: FRAME_TEXTS.value, value: `${formatUnits(value, nativeCurrency.decimals)} ${nativeCurrency.symbol}` },
        { label: FRAME_TEXTS.network, value: network.name },
        { label: FRAME_TEXTS.dataLength, value: fill(FRAME_TEXTS.bytes, { count: data ? (data.length - 2) / 2 : 0 }) },
      ],
    },
    run: (seed) =>
      withKey(seed, (key) => {
        const client = createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(network.rpcUrl) });
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

/** Checks and describes an unsafe eip155 request; unsupported methods fail with 4200. */
export function prepareEvmRequest(method: string, params: unknown, address: string, network: FrameNetwork): PreparedRequest {
  const list = Array.isArray(params) ? params : [];
  switch (method) {
    case 'personal_sign':
      return personalSign(list, address);
    case 'eth_signTypedData_v4':
      return signTypedData(list, address);
    case 'eth_sendTransaction':
      return sendTransaction(list, address, network);
    default:
      throw new FrameRpcError(FRAME_REPLY_TEXT.unsupportedMethod, 4200);
  }
}
