import { describe, expect, it } from 'vitest';
import * as entry from '../../index.js';
import {
  ChainNotSupportedError,
  ChainRequestError,
  ConnectionRejectedError,
  InvalidCaipIdError,
  InvalidRelayUrlError,
  MissingConfigError,
  NetworkNotFoundError,
  NotConnectedError,
  RpcError,
  SendError,
  SignatureDeclinedError,
  toRpcError,
  UnknownWalletError,
  UserRejectedRequestError,
  W3Error,
  WalletConnectSessionError,
  WalletNotFoundError,
  WalletRequestError,
} from '../errors.js';

/** [class, name, category, default short message] */
const CLASSES = [
  [InvalidCaipIdError, 'InvalidCaipIdError', 'CONFIG_ERROR', ''],
  [NetworkNotFoundError, 'NetworkNotFoundError', 'CONFIG_ERROR', 'Network Not Found'],
  [ChainNotSupportedError, 'ChainNotSupportedError', 'CONFIG_ERROR', 'Chain is not supported'],
  [MissingConfigError, 'MissingConfigError', 'CONFIG_ERROR', ''],
  [InvalidRelayUrlError, 'InvalidRelayUrlError', 'CONFIG_ERROR', ''],
  [WalletNotFoundError, 'WalletNotFoundError', 'WALLET_RPC_ERROR', 'No wallet found'],
  [ConnectionRejectedError, 'ConnectionRejectedError', 'WALLET_RPC_ERROR', 'Connection rejected'],
  [NotConnectedError, 'NotConnectedError', 'WALLET_RPC_ERROR', 'Not connected'],
  [WalletRequestError, 'WalletRequestError', 'WALLET_RPC_ERROR', ''],
  [WalletConnectSessionError, 'WalletConnectSessionError', 'WALLET_RPC_ERROR', ''],
  [SendError, 'SendError', 'INTERNAL_SDK_ERROR', ''],
  [UnknownWalletError, 'UnknownWalletError', 'INTERNAL_SDK_ERROR', ''],
  [ChainRequestError, 'ChainRequestError', 'NETWORK_ERROR', ''],
] as const;

describe('failure classes', () => {
  it.each(CLASSES)('%o is %s, a %s W3Error exported from the package entry', (Cls, name, category, defaultMessage) => {
    const err = new Cls();
    expect(err).toBeInstanceOf(W3Error);
    expect(err).toBeInstanceOf(Cls);
    expect(err.name).toBe(name);
    expect(Cls.name).toBe(name);
    expect(err.category).toBe(category);
    expect(err.shortMessage).toBe(defaultMessage);
    expect(err.code).toBeUndefined();
    expect((entry as Record<string, unknown>)[name]).toBe(Cls);
  });

  it('takes a message, details, a code and a cause, but keeps its category', () => {
    const cause = new Error('raw');
    const options = { code: 502, cause, details: 'Bad Gateway', category: 'API_ERROR' };
    const err = new ChainRequestError('HTTP status code: 502', options as ConstructorParameters<typeof ChainRequestError>[1]);
    expect(err).toMatchObject({ shortMessage: 'HTTP status code: 502', code: 502, details: 'Bad Gateway', category: 'NETWORK_ERROR' });
    expect(err.cause).toBe(cause);
    expect(err.message).toBe('HTTP status code: 502\nDetails: Bad Gateway');
  });

  it('tells failures apart', () => {
    const err: unknown = new NotConnectedError();
    expect(err).not.toBeInstanceOf(WalletNotFoundError);
    expect(err).not.toBeInstanceOf(RpcError);
  });

  it('ConnectionRejectedError carries 4001 when the person rejected', () => {
    expect(new ConnectionRejectedError(undefined, { code: 4001 })).toMatchObject({ shortMessage: 'Connection rejected', code: 4001 });
  });

  it("SignatureDeclinedError is an RpcError with 4001 and the spec's text", () => {
    const err = new SignatureDeclinedError();
    expect(err).toBeInstanceOf(RpcError);
    expect(err).not.toBeInstanceOf(UserRejectedRequestError);
    expect(err).toMatchObject({
      name: 'SignatureDeclinedError',
      shortMessage: 'Signature declined',
      code: 4001,
      category: 'WALLET_RPC_ERROR',
    });
    expect(SignatureDeclinedError.code).toBe(4001);
    expect(entry.SignatureDeclinedError).toBe(SignatureDeclinedError);
  });

  it('toRpcError still maps 4001 to UserRejectedRequestError', () => {
    expect(toRpcError({ code: 4001, message: 'no' })).toBeInstanceOf(UserRejectedRequestError);
  });

  it('toRpcError gives an UnknownWalletError for a failure without a known code', () => {
    const err = toRpcError({ code: 12, message: 'odd' });
    expect(err).toBeInstanceOf(UnknownWalletError);
    expect(err).toMatchObject({ shortMessage: 'odd', code: 12, category: 'INTERNAL_SDK_ERROR' });
  });

  it('does not export the class factory from the package', () => {
    expect(entry).not.toHaveProperty('defineError');
    expect(entry).not.toHaveProperty('rpcError');
  });
});
