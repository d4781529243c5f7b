/** Typed errors for what a wallet of any namespace answered (Wallet Standard or injected): each namespace's wallet-errors.ts passes these on. */
import { ConnectionRejectedError, SignatureDeclinedError, toRpcError, WalletRequestError, type W3Error } from '../core/errors.js';

/** A reply the wallet should not have given (wrong type, wrong size, a signature that does not verify, no account of the network). */
export function malformed(method: string, details: string): W3Error {
  return new WalletRequestError(`The wallet answered ${method} with a malformed reply`, { code: 'MALFORMED_REPLY', details });
}

/** Whatever a wallet threw, typed by its code (4001: the person rejected it). */
export function walletError(err: unknown): W3Error {
  return toRpcError(err);
}

/** A failed connect: 4001 is ConnectionRejectedError with code 4001, anything else typed by its code. */
export function connectError(err: unknown): W3Error {
  const typed = toRpcError(err);
  return typed.code === 4001 ? new ConnectionRejectedError(undefined, { code: 4001, cause: err }) : typed;
}

/** A failed signature: 4001 is 'Signature declined'. */
export function signError(err: unknown): W3Error {
  const typed = toRpcError(err);
  return typed.code === 4001 ? new SignatureDeclinedError(undefined, { cause: err }) : typed;
}

/** Runs a wallet call; whatever it throws becomes typed by `map` (by default by its code). */
export async function askWallet<T>(call: () => Promise<T>, map: (err: unknown) => W3Error = walletError): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw map(err);
  }
}
