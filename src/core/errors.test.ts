import { describe, expect, it } from 'vitest';
import {
  AtomicReadyWalletRejectedUpgradeError,
  AtomicityNotSupportedError,
  BundleTooLargeError,
  ChainDisconnectedError,
  DuplicateIdError,
  ERROR_CATEGORIES,
  InternalRpcError,
  InvalidChainIdError,
  InvalidInputRpcError,
  InvalidParamsRpcError,
  InvalidRequestRpcError,
  JsonRpcVersionUnsupportedError,
  LimitExceededRpcError,
  MethodNotFoundRpcError,
  MethodNotSupportedRpcError,
  ModalClosedError,
  ParseRpcError,
  ProviderDisconnectedError,
  ResourceNotFoundRpcError,
  ResourceUnavailableRpcError,
  RpcError,
  SwitchChainError,
  TransactionRejectedRpcError,
  UnauthorizedProviderError,
  UnknownBundleIdError,
  UnknownViewError,
  UnsupportedChainIdError,
  UnsupportedNonOptionalCapabilityError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  W3ConfigError,
  W3Error,
  toRpcError,
} from './errors.js';

const RPC_CLASSES = [
  [UserRejectedRequestError, 4001, 'UserRejectedRequestError'],
  [UnauthorizedProviderError, 4100, 'UnauthorizedProviderError'],
  [UnsupportedProviderMethodError, 4200, 'UnsupportedProviderMethodError'],
  [ProviderDisconnectedError, 4900, 'ProviderDisconnectedError'],
  [ChainDisconnectedError, 4901, 'ChainDisconnectedError'],
  [SwitchChainError, 4902, 'SwitchChainError'],
  [UnsupportedNonOptionalCapabilityError, 5700, 'UnsupportedNonOptionalCapabilityError'],
  [UnsupportedChainIdError, 5710, 'UnsupportedChainIdError'],
  [DuplicateIdError, 5720, 'DuplicateIdError'],
  [UnknownBundleIdError, 5730, 'UnknownBundleIdError'],
  [BundleTooLargeError, 5740, 'BundleTooLargeError'],
  [AtomicReadyWalletRejectedUpgradeError, 5750, 'AtomicReadyWalletRejectedUpgradeError'],
  [AtomicityNotSupportedError, 5760, 'AtomicityNotSupportedError'],
  [ParseRpcError, -32700, 'ParseRpcError'],
  [InvalidRequestRpcError, -32600, 'InvalidRequestRpcError'],
  [MethodNotFoundRpcError, -32601, 'MethodNotFoundRpcError'],
  [InvalidParamsRpcError, -32602, 'InvalidParamsRpcError'],
  [InternalRpcError, -32603, 'InternalRpcError'],
  [InvalidInputRpcError, -32000, 'InvalidInputRpcError'],
  [ResourceNotFoundRpcError, -32001, 'ResourceNotFoundRpcError'],
  [ResourceUnavailableRpcError, -32002, 'ResourceUnavailableRpcError'],
  [TransactionRejectedRpcError, -32003, 'TransactionRejectedRpcError'],
  [MethodNotSupportedRpcError, -32004, 'MethodNotSupportedRpcError'],
  [LimitExceededRpcError, -32005, 'LimitExceededRpcError'],
  [JsonRpcVersionUnsupportedError, -32006, 'JsonRpcVersionUnsupportedError'],
] as const;

describe('W3Error', () => {
  it('carries shortMessage, code, category, details and metaMessages', () => {
    const err = new W3Error('Something failed', {
      code: 42,
      category: 'API_ERROR',
      details: 'the server said no',
      metaMessages: ['first hint', 'second hint'],
    });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('W3Error');
    expect(err.shortMessage).toBe('Something failed');
    expect(err.code).toBe(42);
    expect(err.category).toBe('API_ERROR');
    expect(err.details).toBe('the server said no');
    expect(err.metaMessages).toEqual(['first hint', 'second hint']);
    expect(err.message).toBe('Something failed\nfirst hint\nsecond hint\nDetails: the server said no');
  });

  it('defaults category to INTERNAL_SDK_ERROR and has no code, details or meta messages', () => {
    const err = new W3Error('Oops');
    expect(err.category).toBe('INTERNAL_SDK_ERROR');
    expect(err.code).toBeUndefined();
    expect(err.details).toBeUndefined();
    expect(err.metaMessages).toEqual([]);
    expect(err.message).toBe('Oops');
    expect(err.cause).toBeUndefined();
  });

  it('does not repeat details that equal the short message', () => {
    expect(new W3Error('Same', { details: 'Same' }).message).toBe('Same');
  });

  it('lists the known categories', () => {
    expect(ERROR_CATEGORIES).toEqual([
      'INTERNAL_SDK_ERROR',
      'CONFIG_ERROR',
      'API_ERROR',
      'WALLET_RPC_ERROR',
      'NETWORK_ERROR',
      'STORAGE_ERROR',
    ]);
  });

  it('keeps the cause', () => {
    const cause = new Error('root');
    expect(new W3Error('top', { cause }).cause).toBe(cause);
  });

  describe('walk()', () => {
    it('returns the deepest error of the cause chain without a predicate', () => {
      const root = new Error('root');
      const middle = new W3Error('middle', { cause: root });
      const top = new W3Error('top', { cause: middle });
      expect(top.walk()).toBe(root);
    });

    it('returns itself when there is no cause', () => {
      const err = new W3Error('alone');
      expect(err.walk()).toBe(err);
    });

    it('returns the first error the predicate accepts', () => {
      const root = new UserRejectedRequestError();
      const middle = new W3Error('middle', { cause: root });
      const top = new W3Error('top', { cause: middle });
      expect(top.walk((e) => e instanceof UserRejectedRequestError)).toBe(root);
      expect(top.walk((e) => e instanceof W3Error)).toBe(top);
      expect(top.walk((e) => e === middle)).toBe(middle);
    });

    it('returns null when the predicate accepts nothing', () => {
      const top = new W3Error('top', { cause: new Error('root') });
      expect(top.walk(() => false)).toBeNull();
    });

    it('reaches non-Error causes and stops there', () => {
      const top = new W3Error('top', { cause: { code: 1 } });
      expect(top.walk()).toEqual({ code: 1 });
    });

    it('terminates on a cyclic cause chain', () => {
      const a = new W3Error('a');
      const b = new W3Error('b', { cause: a });
      (a as { cause?: unknown }).cause = b;
      expect(a.walk(() => false)).toBeNull();
      const deepest = a.walk();
      expect(deepest === a || deepest === b).toBe(true);
    });
  });
});

describe('W3ConfigError', () => {
  it('names the option and is a CONFIG_ERROR', () => {
    const err = new W3ConfigError('networks.0.id', 'Invalid chainId');
    expect(err).toBeInstanceOf(W3Error);
    expect(err.name).toBe('W3ConfigError');
    expect(err.option).toBe('networks.0.id');
    expect(err.category).toBe('CONFIG_ERROR');
    expect(err.code).toBe('INVALID_OPTION');
    expect(err.shortMessage).toBe('Invalid option "networks.0.id": Invalid chainId');
    expect(err.message).toContain('Invalid chainId');
  });
});

describe('InvalidChainIdError', () => {
  it("has the short message 'Invalid chainId'", () => {
    const err = new InvalidChainIdError(2147483648);
    expect(err.shortMessage).toBe('Invalid chainId');
    expect(err.name).toBe('InvalidChainIdError');
    expect(err.category).toBe('CONFIG_ERROR');
    expect(err.details).toBe('Received 2147483648');
    expect(err).toBeInstanceOf(W3Error);
  });
});

describe('ModalClosedError', () => {
  it("has the short message 'Modal closed'", () => {
    const err = new ModalClosedError();
    expect(err.shortMessage).toBe('Modal closed');
    expect(err.message).toBe('Modal closed');
    expect(err.name).toBe('ModalClosedError');
    expect(err.code).toBe('MODAL_CLOSED');
    expect(err).toBeInstanceOf(W3Error);
  });
});

describe('UnknownViewError', () => {
  it('names the view', () => {
    const err = new UnknownViewError('Nope');
    expect(err.shortMessage).toBe('Unknown view "Nope"');
    expect(err.code).toBe('UNKNOWN_VIEW');
    expect(err.category).toBe('CONFIG_ERROR');
    expect(err.name).toBe('UnknownViewError');
  });
});

describe('RPC error classes', () => {
  it.each(RPC_CLASSES)('%s has static code %i and a matching instance', (Cls, code, name) => {
    expect(Cls.code).toBe(code);
    expect(Cls.name).toBe(name);
    const err = new Cls();
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toBeInstanceOf(W3Error);
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe(code);
    expect(err.code).toBe(Cls.code);
    expect(err.name).toBe(name);
    expect(err.category).toBe('WALLET_RPC_ERROR');
    expect(err.shortMessage.length).toBeGreaterThan(0);
  });

  it('uses a given message over the default one', () => {
    expect(new UserRejectedRequestError().shortMessage).toBe('User rejected the request.');
    expect(new UserRejectedRequestError('No thanks').shortMessage).toBe('No thanks');
    expect(new UserRejectedRequestError('').shortMessage).toBe('User rejected the request.');
  });

  it('has one class per code', () => {
    expect(new Set(RPC_CLASSES.map(([, code]) => code)).size).toBe(RPC_CLASSES.length);
  });

  it('RpcError carries any code', () => {
    const err = new RpcError(5701, 'odd');
    expect(err.code).toBe(5701);
    expect(err.category).toBe('WALLET_RPC_ERROR');
    expect(err.name).toBe('RpcError');
  });
});

describe('toRpcError', () => {
  it.each(RPC_CLASSES)('maps { code } of %s to its class', (Cls, code) => {
    const raw = { code, message: 'from wallet' };
    const err = toRpcError(raw);
    expect(err).toBeInstanceOf(Cls);
    expect(err.code).toBe(code);
    expect(err.shortMessage).toBe('from wallet');
    expect(err.cause).toBe(raw);
  });

  it('uses the default message of the class when the raw error has none', () => {
    const err = toRpcError({ code: 4001 });
    expect(err).toBeInstanceOf(UserRejectedRequestError);
    expect(err.shortMessage).toBe('User rejected the request.');
  });

  it('maps an Error carrying a code', () => {
    const raw = Object.assign(new Error('rejected by user'), { code: 4001 });
    const err = toRpcError(raw);
    expect(err).toBeInstanceOf(UserRejectedRequestError);
    expect(err.shortMessage).toBe('rejected by user');
  });

  it.each([5701, 5755, -32699, -32050, -32007, -32500])('gives a plain RpcError for unknown code %i inside a known range', (code) => {
    const err = toRpcError({ code, message: 'odd' });
    expect(err).toBeInstanceOf(RpcError);
    expect(err.constructor).toBe(RpcError);
    expect(err.code).toBe(code);
    expect(err.category).toBe('WALLET_RPC_ERROR');
    expect(err.shortMessage).toBe('odd');
  });

  it('gives a default message to a plain RpcError without one', () => {
    const err = toRpcError({ code: 5705 });
    expect(err.constructor).toBe(RpcError);
    expect(err.shortMessage).toBe('An error occurred');
  });

  it.each([5699, 5761, -32701, -31999, 1, 0, 4000])('gives a W3Error (not RpcError) for out-of-range code %i', (code) => {
    const err = toRpcError({ code, message: 'm' });
    expect(err).toBeInstanceOf(W3Error);
    expect(err).not.toBeInstanceOf(RpcError);
    expect(err.code).toBe(code);
    expect(err.shortMessage).toBe('m');
  });

  it('ignores a non-number code', () => {
    const err = toRpcError({ code: '4001', message: 'm' });
    expect(err).not.toBeInstanceOf(RpcError);
    expect(err.code).toBeUndefined();
  });

  it.each([null, undefined, 42, true])('gives a W3Error for the non-object %s', (raw) => {
    const err = toRpcError(raw);
    expect(err).toBeInstanceOf(W3Error);
    expect(err).not.toBeInstanceOf(RpcError);
    expect(err.shortMessage).toBe('An error occurred');
    expect(err.code).toBeUndefined();
  });

  it('uses a string as the message', () => {
    const err = toRpcError('boom');
    expect(err).toBeInstanceOf(W3Error);
    expect(err).not.toBeInstanceOf(RpcError);
    expect(err.shortMessage).toBe('boom');
    expect(err.cause).toBe('boom');
  });

  it('returns a W3Error unchanged', () => {
    const original = new W3ConfigError('apiUrl', 'bad');
    expect(toRpcError(original)).toBe(original);
  });
});
