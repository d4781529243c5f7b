/**
 * ERC-7715 `wallet_grantPermissions` requests, parsed: a dApp asks the wallet for a session whose
 * key may spend a native or ERC-20 allowance per period and call given contract functions until
 * an expiry. Every refusal names the field that was wrong (`permissions[1].data.period: ...`).
 *
 * The shapes (EIP-7715): `{ chainId, address?, expiry, signer?, permissions: [{ type, data,
 * required? }], policies? }` with the permission types
 * - `native-token-recurring-allowance`: `{ allowance, start, period }` (wei as a hex quantity,
 *   start and period in seconds);
 * - `erc20-recurring-allowance`: `{ token, allowance, start, period }`;
 * - `contract-call`: `{ address, functions }`, the functions as signatures
 *   (`transfer(address,uint256)`), compiled to their selectors; `receive()` stands for a plain
 *   transfer of value (empty calldata, which Roles scopes as selector 0x00000000).
 * The native allowance covers the value sent with the permitted contract calls (Roles scopes
 * every target, so a session cannot send ETH to any address it was not granted).
 */
import { getAddress, isAddress, toFunctionSelector, type Address, type Hex } from 'viem';

/** A request the wallet refuses, naming the field. */
export class PermissionsRequestError extends Error {
  override name = 'PermissionsRequestError';
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
  }
}

export interface RecurringAllowance {
  /** The amount per period (wei or token units). */
  allowance: bigint;
  /** When the first period starts (unix seconds). */
  start: number;
  /** The period (seconds); the allowance refills to `allowance` each period. */
  period: number;
}

export type SessionPermission =
  | ({ type: 'native-token-recurring-allowance' } & RecurringAllowance)
  | ({ type: 'erc20-recurring-allowance'; token: Address } & RecurringAllowance)
  | { type: 'contract-call'; address: Address; selectors: Hex[]; functions: string[] };

export interface GrantRequest {
  /** The chain (EIP-155 id). */
  chainId: number;
  /** The account that grants (the request's `address`), when the dApp names one. */
  address?: Address;
  /** Unix seconds after which the session is revoked. */
  expiry: number;
  /** The signer the dApp asks for, when it names an account; else the wallet's own session key. */
  signer?: Address;
  permissions: SessionPermission[];
}

/** Bounds: what one session may hold (Roles scopes each on chain, in one user operation). */
export const MAX_PERMISSIONS = 16;
export const MAX_FUNCTIONS = 16;
/** The longest period and expiry accepted: one year, in seconds. */
export const MAX_PERIOD = 365 * 24 * 3600;
const UINT128 = 2n ** 128n - 1n;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function record(x: unknown, field: string): Record<string, unknown> {
  if (!isRecord(x)) throw new PermissionsRequestError(field, 'must be an object');
  return x;
}

function address(x: unknown, field: string): Address {
  if (typeof x !== 'string' || !isAddress(x, { strict: false }))
    throw new PermissionsRequestError(field, 'must be an address (0x and 40 hex characters)');
  return getAddress(x);
}

function seconds(x: unknown, field: string, min: number, max: number): number {
  if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < min || x > max)
    throw new PermissionsRequestError(field, `must be a whole number of seconds from ${min} to ${max}`);
  return x;
}

function quantity(x: unknown, field: string): bigint {
  if (typeof x !== 'string' || !/^0x(0|[1-9a-fA-F][0-9a-fA-F]{0,31})$/.test(x))
    throw new PermissionsRequestError(field, 'must be a hex quantity (0x…) of at most 128 bits');
  const value = BigInt(x);
  if (value === 0n || value > UINT128) throw new PermissionsRequestError(field, 'must be more than 0 and fit in 128 bits');
  return value;
}

function recurring(data: Record<string, unknown>, field: string, now: number): RecurringAllowance {
  return {
    allowance: quantity(data.allowance, `${field}.allowance`),
    start: seconds(data.start ?? now, `${field}.start`, 0, now + MAX_PERIOD),
    period: seconds(data.period, `${field}.period`, 1, MAX_PERIOD),
  };
}

const SIGNATURE = /^[A-Za-z_$][A-Za-z0-9_$]*\((?:[a-z0-9[\](),]*)\)$/;

function permission(x: unknown, field: string, now: number): SessionPermission {
  const entry = record(x, field);
  const data = record(entry.data, `${field}.data`);
  switch (entry.type) {
    case 'native-token-recurring-allowance':
      return { type: entry.type, ...recurring(data, `${field}.data`, now) };
    case 'erc20-recurring-allowance':
      return { type: entry.type, token: address(data.token, `${field}.data.token`), ...recurring(data, `${field}.data`, now) };
    case 'contract-call': {
      const target = address(data.address, `${field}.data.address`);
      const list = data.functions;
      if (!Array.isArray(list) || list.length === 0 || list.length > MAX_FUNCTIONS)
        throw new PermissionsRequestError(`${field}.data.functions`, `must list 1 to ${MAX_FUNCTIONS} function signatures`);
      const functions = list.map((f, i) => {
        const name = typeof f === 'string' ? f.replace(/^function\s+/, '').replace(/\s+/g, '') : '';
        if (!SIGNATURE.test(name))
          throw new PermissionsRequestError(
            `${field}.data.functions[${i}]`,
            "must be a function signature such as 'transfer(address,uint256)'",
          );
        return name;
      });
      const selectors = functions.map((f): Hex => (f === 'receive()' ? '0x00000000' : toFunctionSelector(f)));
      return { type: 'contract-call', address: target, functions, selectors };
    }
    default:
      throw new PermissionsRequestError(
        `${field}.type`,
        "must be 'native-token-recurring-allowance', 'erc20-recurring-allowance' or 'contract-call'",
      );
  }
}

/** Parses one `wallet_grantPermissions` request; `now` in unix seconds. */
export function parseGrantRequest(input: unknown, now: number): GrantRequest {
  const request = record(input, 'request');
  if (typeof request.chainId !== 'string' || !/^0x[1-9a-fA-F][0-9a-fA-F]{0,12}$/.test(request.chainId))
    throw new PermissionsRequestError('chainId', 'must be a hex chain id (0x…)');
  const chainId = Number.parseInt(request.chainId, 16);
  const from = request.address === undefined ? undefined : address(request.address, 'address');
  const expiry = seconds(request.expiry, 'expiry', now + 1, now + MAX_PERIOD);
  let signer: Address | undefined;
  if (request.signer !== undefined) {
    const s = record(request.signer, 'signer');
    if (s.type === 'account') signer = address(record(s.data, 'signer.data').address, 'signer.data.address');
    else if (s.type !== 'wallet') throw new PermissionsRequestError('signer.type', "must be 'wallet' or 'account'");
  }
  const list = request.permissions;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_PERMISSIONS)
    throw new PermissionsRequestError('permissions', `must list 1 to ${MAX_PERMISSIONS} permissions`);
  const permissions = list.map((p, i) => permission(p, `permissions[${i}]`, now));
  if (request.policies !== undefined && (!Array.isArray(request.policies) || request.policies.length > 0))
    throw new PermissionsRequestError('policies', 'no policies are supported: send an empty list or none');
  if (permissions.filter((p) => p.type === 'native-token-recurring-allowance').length > 1)
    throw new PermissionsRequestError('permissions', 'at most one native-token-recurring-allowance');
  const tokens = permissions.flatMap((p) => (p.type === 'erc20-recurring-allowance' ? [p.token] : []));
  if (new Set(tokens).size !== tokens.length)
    throw new PermissionsRequestError('permissions', 'at most one erc20-recurring-allowance per token');
  const calls = permissions.flatMap((p) => (p.type === 'contract-call' ? [p.address] : []));
  if (new Set(calls).size !== calls.length) throw new PermissionsRequestError('permissions', 'at most one contract-call per address');
  if (calls.some((c) => tokens.includes(c)))
    throw new PermissionsRequestError('permissions', 'a contract-call may not name a token an erc20-recurring-allowance scopes');
  if (permissions.some((p) => p.type === 'native-token-recurring-allowance') && calls.length === 0)
    throw new PermissionsRequestError('permissions', 'a native-token-recurring-allowance needs a contract-call to spend it with');
  return { chainId, ...(from && { address: from }), expiry, ...(signer && { signer }), permissions };
}
