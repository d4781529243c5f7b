/**
 * Errors a wallet or a JSON-RPC node answered with: EIP-1193, EIP-5792 and JSON-RPC codes as
 * static fields, so `err.code === UserRejectedRequestError.code`.
 */
import { W3Error, type W3ErrorOptions } from './base.js';
import type { RpcMessageCode } from './codes.js';
import { defineError } from './define.js';

/** An error a wallet or a JSON-RPC node answered with. */
export class RpcError extends W3Error {
  override name = 'RpcError';
  constructor(code: number, shortMessage: string, options: Omit<W3ErrorOptions, 'code' | 'category'> = {}) {
    super(shortMessage, { ...options, code, category: 'WALLET_RPC_ERROR' });
  }
}

/** A wallet RPC failure class: its code is a static field too (typed by hand; see W3ErrorClass in ./define.ts). */
export interface RpcErrorClass {
  new (message?: string, options?: Omit<W3ErrorOptions, 'code' | 'category'>): RpcError;
  readonly prototype: RpcError;
  readonly code: number;
}

function rpcError(name: RpcMessageCode, code: number, defaultMessage: string): RpcErrorClass {
  const Cls = class extends RpcError {
    static readonly code = code;
    override name = name;
    constructor(message?: string, options: Omit<W3ErrorOptions, 'code' | 'category'> = {}) {
      // A known code: the user sees the localized text of the class, whatever the wallet said.
      super(code, message || defaultMessage, { messageCode: name, ...options });
    }
  };
  Object.defineProperty(Cls, 'name', { value: name });
  return Cls;
}

// EIP-1193
export const UserRejectedRequestError = rpcError('UserRejectedRequestError', 4001, 'User rejected the request.');
export const UnauthorizedProviderError = rpcError(
  'UnauthorizedProviderError',
  4100,
  'The requested method and/or account has not been authorized by the user.',
);
export const UnsupportedProviderMethodError = rpcError(
  'UnsupportedProviderMethodError',
  4200,
  'The Provider does not support the requested method.',
);
export const ProviderDisconnectedError = rpcError('ProviderDisconnectedError', 4900, 'The Provider is disconnected from all chains.');
export const ChainDisconnectedError = rpcError('ChainDisconnectedError', 4901, 'The Provider is not connected to the requested chain.');
export const SwitchChainError = rpcError('SwitchChainError', 4902, 'Unrecognized chain ID. Try adding the chain first.');
// EIP-5792 call bundles
export const UnsupportedNonOptionalCapabilityError = rpcError(
  'UnsupportedNonOptionalCapabilityError',
  5700,
  'This Wallet does not support a capability that was not marked as optional.',
);
export const UnsupportedChainIdError = rpcError('UnsupportedChainIdError', 5710, 'This Wallet does not support the requested chain ID.');
export const DuplicateIdError = rpcError('DuplicateIdError', 5720, 'There is already a bundle submitted with this ID.');
export const UnknownBundleIdError = rpcError('UnknownBundleIdError', 5730, 'This bundle id is unknown / has not been submitted.');
export const BundleTooLargeError = rpcError('BundleTooLargeError', 5740, 'The call bundle is too large for the Wallet to process.');
export const AtomicReadyWalletRejectedUpgradeError = rpcError(
  'AtomicReadyWalletRejectedUpgradeError',
  5750,
  'The Wallet can support atomicity after an upgrade, but the user rejected the upgrade.',
);
export const AtomicityNotSupportedError = rpcError(
  'AtomicityNotSupportedError',
  5760,
  'The wallet does not support atomic execution but the request requires it.',
);
// JSON-RPC 2.0 and EIP-1474
export const ParseRpcError = rpcError('ParseRpcError', -32700, 'Invalid JSON was received by the server.');
export const InvalidRequestRpcError = rpcError('InvalidRequestRpcError', -32600, 'JSON is not a valid request object.');
export const MethodNotFoundRpcError = rpcError('MethodNotFoundRpcError', -32601, 'The method does not exist / is not available.');
export const InvalidParamsRpcError = rpcError('InvalidParamsRpcError', -32602, 'Invalid parameters were provided to the RPC method.');
export const InternalRpcError = rpcError('InternalRpcError', -32603, 'An internal error was received.');
export const InvalidInputRpcError = rpcError('InvalidInputRpcError', -32000, 'Missing or invalid parameters.');
export const ResourceNotFoundRpcError = rpcError('ResourceNotFoundRpcError', -32001, 'Requested resource not found.');
export const ResourceUnavailableRpcError = rpcError('ResourceUnavailableRpcError', -32002, 'Requested resource not available.');
export const TransactionRejectedRpcError = rpcError('TransactionRejectedRpcError', -32003, 'Transaction creation failed.');
export const MethodNotSupportedRpcError = rpcError('MethodNotSupportedRpcError', -32004, 'Method is not supported.');
export const LimitExceededRpcError = rpcError('LimitExceededRpcError', -32005, 'Request exceeds defined limit.');
export const JsonRpcVersionUnsupportedError = rpcError(
  'JsonRpcVersionUnsupportedError',
  -32006,
  'Version of JSON-RPC protocol is not supported.',
);

/** The person declined to sign (EIP-1193 4001, like UserRejectedRequestError, with the spec's text). */
export const SignatureDeclinedError = rpcError('SignatureDeclinedError', 4001, 'Signature declined');
export type SignatureDeclinedError = InstanceType<typeof SignatureDeclinedError>;

const BY_CODE = new Map<number, ReturnType<typeof rpcError>>(
  [
    UserRejectedRequestError,
    UnauthorizedProviderError,
    UnsupportedProviderMethodError,
    ProviderDisconnectedError,
    ChainDisconnectedError,
    SwitchChainError,
    UnsupportedNonOptionalCapabilityError,
    UnsupportedChainIdError,
    DuplicateIdError,
    UnknownBundleIdError,
    BundleTooLargeError,
    AtomicReadyWalletRejectedUpgradeError,
    AtomicityNotSupportedError,
    ParseRpcError,
    InvalidRequestRpcError,
    MethodNotFoundRpcError,
    InvalidParamsRpcError,
    InternalRpcError,
    InvalidInputRpcError,
    ResourceNotFoundRpcError,
    ResourceUnavailableRpcError,
    TransactionRejectedRpcError,
    MethodNotSupportedRpcError,
    LimitExceededRpcError,
    JsonRpcVersionUnsupportedError,
  ].map((Cls) => [Cls.code, Cls]),
);

/**
 * Turns whatever a wallet or node threw (`{ code, message }` or an Error carrying them) into a
 * typed error. Codes in the EIP-5792 range 5700-5760 and the JSON-RPC range -32700..-32000
 * without a dedicated class become a plain `RpcError` with that code.
 */
export function toRpcError(raw: unknown): W3Error {
  if (raw instanceof W3Error) return raw;
  const obj = (typeof raw === 'object' && raw !== null ? raw : {}) as { code?: unknown; message?: unknown };
  const message = typeof obj.message === 'string' ? obj.message : typeof raw === 'string' ? raw : '';
  const code = typeof obj.code === 'number' ? obj.code : undefined;
  if (code !== undefined) {
    const Cls = BY_CODE.get(code);
    if (Cls) return new Cls(message || undefined, { cause: raw });
    if ((code >= 5700 && code <= 5760) || (code >= -32700 && code <= -32000)) {
      return new RpcError(code, message || 'An error occurred', { cause: raw, ...(message ? {} : { messageCode: 'UnknownError' }) });
    }
  }
  return new UnknownWalletError(message || 'An error occurred', { code, cause: raw, ...(message ? {} : { messageCode: 'UnknownError' }) });
}

/** A failure a wallet or node threw that names no known code (its own message and code, if any). */
export const UnknownWalletError = defineError('UnknownWalletError', 'INTERNAL_SDK_ERROR');
export type UnknownWalletError = InstanceType<typeof UnknownWalletError>;

/** Reading a chain over its RPC URLs failed: no reply in time, an HTTP error (`code` the status), a node's error. */
export const ChainRequestError = defineError('ChainRequestError', 'NETWORK_ERROR');
export type ChainRequestError = InstanceType<typeof ChainRequestError>;
