/** EVM chain helpers: CAIP-2 ids, address checks, the native currency of a chain. */
import { presetByCaipId, type NativeCurrency } from '../../../../src/wire/networks.js';
import { InputError } from '../../errors.js';

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
export const EVM_ADDRESS_RULE = 'must be an EVM address (0x and 40 hex characters)';
/** `eip155:<decimal chain id>`. */
export const EIP155_CHAIN = /^eip155:[1-9][0-9]{0,15}$/;
/** How EVM chain ids read in a refusal. */
export const EIP155_CHAIN_FORM = 'a CAIP-2 EVM chain id such as eip155:31337';

/**
 * The CAIP-2 id of an EVM chain id (`31337` -> `eip155:31337`): the one place EVM-only
 * integrations (swap, the sandbox on-ramp) name their namespace.
 */
export function caipChainId(chainId: number | bigint | string): string {
  return `eip155:${chainId}`;
}

/** The EVM chain id of a CAIP-2 one (`eip155:31337` -> `31337`). */
export function evmChainReference(caipId: string): string {
  return caipId.slice(caipId.indexOf(':') + 1);
}

/** A checked, lower-cased EVM address; `field` names it in the error. */
export function evmAddress(value: string, field: string): string {
  if (!EVM_ADDRESS.test(value)) throw new InputError(field, `Invalid ${field} '${value}': ${EVM_ADDRESS_RULE}`);
  return value.toLowerCase();
}

const DEFAULT_NATIVE: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 };

/** The native currency of a chain (from the network presets; Ether otherwise). */
export function nativeCurrency(chainId: string): NativeCurrency {
  return presetByCaipId(chainId as `${string}:${string}`)?.nativeCurrency ?? DEFAULT_NATIVE;
}
