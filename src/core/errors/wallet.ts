/** Failures of connecting a wallet, of asking it to sign or send, of its WalletConnect session, of a send. */
import { defineError } from './define.js';

/** The chosen wallet has no provider here (not installed, or gone). */
export const WalletNotFoundError = defineError('WalletNotFoundError', 'WALLET_RPC_ERROR', 'No wallet found', 'WalletNotFoundError');
export type WalletNotFoundError = InstanceType<typeof WalletNotFoundError>;

/** The wallet refused the connection (`code` 4001 when the person rejected it) or gave no account. */
export const ConnectionRejectedError = defineError(
  'ConnectionRejectedError',
  'WALLET_RPC_ERROR',
  'Connection rejected',
  'ConnectionRejectedError',
);
export type ConnectionRejectedError = InstanceType<typeof ConnectionRejectedError>;

/** A wallet action without a connected account. */
export const NotConnectedError = defineError('NotConnectedError', 'WALLET_RPC_ERROR', 'Not connected', 'NotConnectedError');
export type NotConnectedError = InstanceType<typeof NotConnectedError>;

/** A wallet request that could not be made (no account, a bad receiver) or whose reply is malformed. */
export const WalletRequestError = defineError('WalletRequestError', 'WALLET_RPC_ERROR');
export type WalletRequestError = InstanceType<typeof WalletRequestError>;

/** WalletConnect pairing failed, its session approved no eip155 chain, or there is none to restore. */
export const WalletConnectSessionError = defineError('WalletConnectSessionError', 'WALLET_RPC_ERROR');
export type WalletConnectSessionError = InstanceType<typeof WalletConnectSessionError>;

/** A send the WalletSend form refused; the message is the form's ('Invalid input', 'Insufficient funds', ...). */
export const SendError = defineError('SendError', 'INTERNAL_SDK_ERROR');
export type SendError = InstanceType<typeof SendError>;
