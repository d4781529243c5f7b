/**
 * One error base class with a category and an optional code, and a subclass per failure.
 * EIP-1193 / EIP-5792 / JSON-RPC codes are static fields, so `err.code === UserRejectedRequestError.code`.
 */
export const ERROR_CATEGORIES = [
  'INTERNAL_SDK_ERROR',
  'CONFIG_ERROR',
  'API_ERROR',
  'WALLET_RPC_ERROR',
  'NETWORK_ERROR',
  'STORAGE_ERROR',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

export interface W3ErrorOptions {
  code?: number | string | undefined;
  category?: ErrorCategory;
  details?: string | undefined;
  metaMessages?: string[];
  cause?: unknown;
}

export class W3Error extends Error {
  override name = 'W3Error';
  readonly shortMessage: string;
  readonly code: number | string | undefined;
  readonly category: ErrorCategory;
  readonly details: string | undefined;
  readonly metaMessages: string[];

  constructor(shortMessage: string, options: W3ErrorOptions = {}) {
    const lines = [shortMessage, ...(options.metaMessages ?? [])];
    if (options.details && options.details !== shortMessage) lines.push(`Details: ${options.details}`);
    super(lines.join('\n'), options.cause === undefined ? undefined : { cause: options.cause });
    this.shortMessage = shortMessage;
    this.code = options.code;
    this.category = options.category ?? 'INTERNAL_SDK_ERROR';
    this.details = options.details;
    this.metaMessages = options.metaMessages ?? [];
  }

  /** Walks the cause chain; returns the first error `fn` accepts, or the deepest one. */
  walk(fn?: (err: unknown) => boolean): unknown {
    if (fn?.(this)) return this;
    let last: unknown = this as Error;
    let next: unknown = this.cause;
    for (let depth = 0; next !== undefined && depth < 32; depth++) {
      if (fn?.(next)) return next;
      last = next;
      next = next instanceof Error ? next.cause : undefined;
    }
    return fn ? null : last;
  }
}

/** A bad option to createW3Modal or a bad attribute of <w3-modal>; names the option. */
export class W3ConfigError extends W3Error {
  override name = 'W3ConfigError';
  readonly option: string;
  constructor(option: string, message: string) {
    super(`Invalid option "${option}": ${message}`, { category: 'CONFIG_ERROR', code: 'INVALID_OPTION' });
    this.option = option;
  }
}

export class InvalidChainIdError extends W3Error {
  override name = 'InvalidChainIdError';
  constructor(chainId: unknown) {
    super('Invalid chainId', { category: 'CONFIG_ERROR', details: `Received ${String(chainId)}` });
  }
}

export class UnknownViewError extends W3Error {
  override name = 'UnknownViewError';
  constructor(view: string) {
    super(`Unknown view "${view}"`, { category: 'CONFIG_ERROR', code: 'UNKNOWN_VIEW' });
  }
}

export class ModalClosedError extends W3Error {
  override name = 'ModalClosedError';
  constructor() {
    super('Modal closed', { category: 'INTERNAL_SDK_ERROR', code: 'MODAL_CLOSED' });
  }
}

/** An error a wallet or a JSON-RPC node answered with. */
export class RpcError extends W3Error {
  override name = 'RpcError';
  constructor(code: number, shortMessage: string, options: Omit<W3ErrorOptions, 'code' | 'category'> = {}) {
    super(shortMessage, { ...options, code, category: 'WALLET_RPC_ERROR' });
  }
}

function rpcError(name: string, code: number, defaultMessage: string) {
  const Cls = class extends RpcError {
    static readonly code = code;
    override name = name;
    constructor(message?: string, options: Omit<W3ErrorOptions, 'code' | 'category'> = {}) {
      super(code, message || defaultMessage, options);
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
      return new RpcError(code, message || 'An error occurred', { cause: raw });
    }
  }
  return new W3Error(message || 'An error occurred', { code, cause: raw });
}

/** The text to show for a failure: a W3Error's (or viem error's) short message, an Error's message, else `fallback`. */
export function errorText(err: unknown, fallback = 'An error occurred'): string {
  if (err && typeof err === 'object' && 'shortMessage' in err && typeof err.shortMessage === 'string') return err.shortMessage;
  return err instanceof Error ? err.message : fallback;
}
