/** Setup failures: a bad option or id, or a part of the modal the app did not configure. */
import { W3Error } from './base.js';
import { defineError } from './define.js';

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

/** Not a CAIP-2 network id or a CAIP-10 address. */
export const InvalidCaipIdError = defineError('InvalidCaipIdError', 'CONFIG_ERROR');
export type InvalidCaipIdError = InstanceType<typeof InvalidCaipIdError>;

/** A network (object or CAIP id) that is not one of the app's networks. */
export const NetworkNotFoundError = defineError('NetworkNotFoundError', 'CONFIG_ERROR', 'Network Not Found', 'NetworkNotFoundError');
export type NetworkNotFoundError = InstanceType<typeof NetworkNotFoundError>;

/** None of the app's networks is one the connection can use (WalletConnect here pairs eip155). */
export const ChainNotSupportedError = defineError(
  'ChainNotSupportedError',
  'CONFIG_ERROR',
  'Chain is not supported',
  'ChainNotSupportedError',
);
export type ChainNotSupportedError = InstanceType<typeof ChainNotSupportedError>;

/** A namespace no adapter serves (no entry in the adapter table, or its chunk failed to load). */
export const AdapterNotFoundError = defineError('AdapterNotFoundError', 'CONFIG_ERROR', 'Adapter not found', 'AdapterNotFoundError');
export type AdapterNotFoundError = InstanceType<typeof AdapterNotFoundError>;

/** A part the app did not configure: a project id, WalletConnect's relay, a network's RPC URL. */
export const MissingConfigError = defineError('MissingConfigError', 'CONFIG_ERROR');
export type MissingConfigError = InstanceType<typeof MissingConfigError>;

/** A relayUrl that is not a URL, or not wss:// (ws:// only on loopback). */
export const InvalidRelayUrlError = defineError('InvalidRelayUrlError', 'CONFIG_ERROR');
export type InvalidRelayUrlError = InstanceType<typeof InvalidRelayUrlError>;
