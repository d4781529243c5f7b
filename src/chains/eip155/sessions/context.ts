/**
 * The ERC-7715 `permissionsContext` the wallet answers a grant with and the dApp sends back with
 * each session call: the Safe's Roles proxy, the session's role key and the session account
 * (the role's member), ABI-encoded after a version byte.
 */
import { concat, decodeAbiParameters, encodeAbiParameters, getAddress, slice, type Address, type Hex } from 'viem';

export interface SessionContext {
  /** The Safe's Roles v2 proxy. */
  roles: Address;
  roleKey: Hex;
  /** The account that is the role's member (it sends the session's calls). */
  sessionAccount: Address;
}

const VERSION: Hex = '0x01';
const PARAMS = [{ type: 'address' }, { type: 'bytes32' }, { type: 'address' }] as const;

export const encodeSessionContext = ({ roles, roleKey, sessionAccount }: SessionContext): Hex =>
  concat([VERSION, encodeAbiParameters(PARAMS, [roles, roleKey, sessionAccount])]);

/** The context `hex` holds; an Error naming what is wrong when it is not one of ours. */
export function decodeSessionContext(hex: unknown): SessionContext {
  if (typeof hex !== 'string' || !/^0x01[0-9a-fA-F]{192}$/.test(hex))
    throw new Error('permissionsContext: not a w3kit session context (0x01 and three ABI words)');
  const [roles, roleKey, sessionAccount] = decodeAbiParameters(PARAMS, slice(hex as Hex, 1));
  return { roles: getAddress(roles), roleKey, sessionAccount: getAddress(sessionAccount) };
}
