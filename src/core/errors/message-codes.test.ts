import { describe, expect, it } from 'vitest';
import {
  ChainNotSupportedError,
  ConnectionRejectedError,
  InternalRpcError,
  NetworkNotFoundError,
  NotConnectedError,
  AdapterNotFoundError,
  RpcError,
  SignatureDeclinedError,
  toRpcError,
  UnknownWalletError,
  UserRejectedRequestError,
  WalletConnectSessionError,
  WalletNotFoundError,
} from '../errors.js';

describe('messageCode: what the elements localize', () => {
  it('a class with its own default text carries its name; the English shortMessage stays', () => {
    for (const Cls of [
      NetworkNotFoundError,
      ChainNotSupportedError,
      WalletNotFoundError,
      ConnectionRejectedError,
      NotConnectedError,
      AdapterNotFoundError,
    ]) {
      const err = new Cls();
      expect(err.messageCode).toBe(err.name);
    }
    expect(new ConnectionRejectedError().shortMessage).toBe('Connection rejected');
  });

  it('a class given another text carries no code: that text is data', () => {
    expect(new ConnectionRejectedError('The wallet said no').messageCode).toBeUndefined();
    expect(new WalletConnectSessionError('relay gone').messageCode).toBeUndefined();
  });

  it('a known RPC code is localized whatever the wallet said', () => {
    expect(toRpcError({ code: 4001, message: 'User denied transaction signature' })).toMatchObject({
      messageCode: 'UserRejectedRequestError',
      shortMessage: 'User denied transaction signature',
    });
    expect(new UserRejectedRequestError().messageCode).toBe('UserRejectedRequestError');
    expect(new SignatureDeclinedError().messageCode).toBe('SignatureDeclinedError');
    expect(toRpcError({ code: -32603 })).toBeInstanceOf(InternalRpcError);
    expect(toRpcError({ code: -32603 }).messageCode).toBe('InternalRpcError');
  });

  it("an unknown code keeps the wallet's message as data; no message at all is 'UnknownError'", () => {
    const unknown = toRpcError({ code: 1234, message: 'Ledger locked' });
    expect(unknown).toBeInstanceOf(UnknownWalletError);
    expect(unknown.messageCode).toBeUndefined();
    expect(toRpcError({ code: -32050, message: 'custom node error' }).messageCode).toBeUndefined();
    expect(toRpcError({ code: -32050 })).toBeInstanceOf(RpcError);
    expect(toRpcError({ code: -32050 }).messageCode).toBe('UnknownError');
    expect(toRpcError({}).messageCode).toBe('UnknownError');
  });

  it('an explicit code wins over the default', () => {
    expect(new WalletConnectSessionError('The wallet approved no eip155 chain', { messageCode: 'NoEip155Chain' }).messageCode).toBe(
      'NoEip155Chain',
    );
  });
});
