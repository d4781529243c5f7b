/**
 * What the user sees for an error, in the active locale: the text of its `messageCode` (the
 * first one along the cause chain), else its own message as given (a wallet's own words are data),
 * else 'An error occurred'. The error classes keep their English `shortMessage` for developers.
 */
import type { ErrorMessageCode, FrameRefusalCode, RpcMessageCode } from '../../core/errors/codes.js';
import { msg, str } from '../base/localize.js';
import { refusalText } from './frame-errors.js';

/** The RPC codes are the classes' names, which all end in 'Error'; the refusals' never do. */
const isRefusal = (code: ErrorMessageCode): code is FrameRefusalCode => !code.endsWith('Error');

function rpcText(code: RpcMessageCode): string {
  switch (code) {
    case 'UserRejectedRequestError':
      return msg('User rejected the request.');
    case 'UnauthorizedProviderError':
      return msg('The requested method and/or account has not been authorized by the user.');
    case 'UnsupportedProviderMethodError':
      return msg('The Provider does not support the requested method.');
    case 'ProviderDisconnectedError':
      return msg('The Provider is disconnected from all chains.');
    case 'ChainDisconnectedError':
      return msg('The Provider is not connected to the requested chain.');
    case 'SwitchChainError':
      return msg('Unrecognized chain ID. Try adding the chain first.');
    case 'UnsupportedNonOptionalCapabilityError':
      return msg('This Wallet does not support a capability that was not marked as optional.');
    case 'UnsupportedChainIdError':
      return msg('This Wallet does not support the requested chain ID.');
    case 'DuplicateIdError':
      return msg('There is already a bundle submitted with this ID.');
    case 'UnknownBundleIdError':
      return msg('This bundle id is unknown / has not been submitted.');
    case 'BundleTooLargeError':
      return msg('The call bundle is too large for the Wallet to process.');
    case 'AtomicReadyWalletRejectedUpgradeError':
      return msg('The Wallet can support atomicity after an upgrade, but the user rejected the upgrade.');
    case 'AtomicityNotSupportedError':
      return msg('The wallet does not support atomic execution but the request requires it.');
    case 'ParseRpcError':
      return msg('Invalid JSON was received by the server.');
    case 'InvalidRequestRpcError':
      return msg('JSON is not a valid request object.');
    case 'MethodNotFoundRpcError':
      return msg('The method does not exist / is not available.');
    case 'InvalidParamsRpcError':
      return msg('Invalid parameters were provided to the RPC method.');
    case 'InternalRpcError':
      return msg('An internal error was received.');
    case 'InvalidInputRpcError':
      return msg('Missing or invalid parameters.');
    case 'ResourceNotFoundRpcError':
      return msg('Requested resource not found.');
    case 'ResourceUnavailableRpcError':
      return msg('Requested resource not available.');
    case 'TransactionRejectedRpcError':
      return msg('Transaction creation failed.');
    case 'MethodNotSupportedRpcError':
      return msg('Method is not supported.');
    case 'LimitExceededRpcError':
      return msg('Request exceeds defined limit.');
    case 'JsonRpcVersionUnsupportedError':
      return msg('Version of JSON-RPC protocol is not supported.');
    case 'SignatureDeclinedError':
      return msg('Signature declined');
  }
}

/** The localized text of `code`; `status` is an HTTP status (HttpStatus). */
export function errorCodeText(code: ErrorMessageCode, status?: unknown): string {
  switch (code) {
    case 'NetworkNotFoundError':
      return msg('Network Not Found');
    case 'ChainNotSupportedError':
      return msg('Chain is not supported');
    case 'WalletNotFoundError':
      return msg('No wallet found');
    case 'ConnectionRejectedError':
      return msg('Connection rejected');
    case 'NotConnectedError':
      return msg('Not connected');
    case 'AdapterNotFoundError':
      return msg('Adapter not found');
    case 'UnknownError':
      return msg('An error occurred');
    case 'NoEip155Chain':
      return msg('The wallet approved no eip155 chain');
    case 'NoSessionToRestore':
      return msg('No WalletConnect session to restore');
    case 'ProjectIdNotConfigured':
      return msg('Project ID Not Configured');
    case 'WalletConnectNotConfigured':
      return msg('Sign Client not initialized');
    case 'RequestTimeout':
      return msg('The request took too long to respond');
    case 'HttpStatus':
      return msg(str`HTTP status code: ${String(status)}`);
    case 'ChainHttpFailed':
      return msg('HTTP request failed');
    case 'ChainRpcFailed':
      return msg('RPC request failed');
    case 'InvalidInput':
      return msg('Invalid input');
    case 'FrameRpcAborted':
      return msg('Request was aborted');
    case 'FrameAborted':
      return msg('Something went wrong');
    case 'FrameDependency':
      return msg('Unable to load email login dependency');
    case 'FrameNoIframe':
      return msg('W3mFrame: iframe is not set');
    case 'FrameLoadFailed':
      return msg('Network Error - Could not load embedded wallet');
    case 'FrameTimedOut':
      return msg('Embedded Wallet Request Timed Out');
    case 'EmailCooldown':
      // Without its number (a refusal that gave none) it is said as a general limit.
      if (typeof status !== 'number') return refusalText('RateLimited');
      return msg(str`Please try again after ${String(status)} seconds`);
    case 'SignInUnreachable':
      return msg('Could not reach the sign-in server. Check your connection and try again.');
    case 'SignInExpired':
      return msg('This sign-in request expired. Please sign again.');
    case 'SignInRefused':
      return msg('The sign-in was not accepted. Please try again.');
    case 'CallsStatusNotApproved':
      return msg('Fetching call status not approved by the wallet.');
    case 'SendCallsNotSupported':
      return msg('This wallet cannot send several calls at once.');
    case 'TooManyPendingCalls':
      return msg('Too many batches of calls are still pending. Please wait for one to finish.');
    default:
      return isRefusal(code) ? refusalText(code, status) : rpcText(code as RpcMessageCode);
  }
}

/**
 * The text to show for `err`: the first error along its cause chain with its own localized
 * words (`localized`, a chain's refusals) or a `messageCode` localized, else its short message or message as given, else `fallback` (default 'An error
 * occurred', localized).
 */
export function errorMessage(err: unknown, fallback?: string): string {
  let next: unknown = err;
  for (let depth = 0; next instanceof Error && depth < 32; depth++) {
    const { messageCode, code, localized } = next as { messageCode?: ErrorMessageCode; code?: unknown; localized?: unknown };
    const own = typeof localized === 'function' ? (localized as () => unknown).call(next) : undefined;
    if (typeof own === 'string' && own) return own;
    if (messageCode) return errorCodeText(messageCode, code);
    next = next.cause;
  }
  if (err && typeof err === 'object' && 'shortMessage' in err && typeof err.shortMessage === 'string') return err.shortMessage;
  return err instanceof Error && err.message ? err.message : (fallback ?? msg('An error occurred'));
}
