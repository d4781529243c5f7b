/**
 * The calldata of a session's user operations (viem only; the caller sends them through the
 * bundler with its Safe account):
 * - the grant, from the user's Safe (its owner signs): deploy its Roles proxy and enable it as a
 *   Safe module when absent, then the role's scope, allowances and member (roles-scope.ts);
 * - the revoke, from the user's Safe: the member leaves, the allowances empty;
 * - a session call, from the session account: Roles.execTransactionWithRole, which Roles checks
 *   against the role and executes from the Safe. Roles' refusals read as reasons a person can
 *   follow (`sessionRefusal`).
 */
import {
  concat,
  decodeErrorResult,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  keccak256,
  type Address,
  type Hex,
} from 'viem';
import type { GrantRequest } from './permissions.js';
import { MODULE_PROXY_FACTORY_ABI, ROLES_ABI, ROLES_LIBRARIES, ROLES_STATUS, SAFE_MODULE_ABI } from './roles-abi.js';
import { grantScopeCalls, revokeScopeCalls, type RolesCall } from './roles-scope.js';

export interface RolesDeployment {
  /** The Roles v2 mastercopy (`aa deploy`'s "roles"). */
  mastercopy: Address;
  /** `aa deploy`'s "moduleProxyFactory". */
  factory: Address;
}

export interface Call {
  to: Address;
  value: bigint;
  data: Hex;
}

/** The Roles proxy's initializer for `safe`: owner, avatar and target all the Safe. */
export const rolesInitializer = (safe: Address): Hex =>
  encodeFunctionData({
    abi: ROLES_ABI,
    functionName: 'setUp',
    args: [encodeAbiParameters([{ type: 'address' }, { type: 'address' }, { type: 'address' }], [safe, safe, safe])],
  });

/** Where the ModuleProxyFactory puts `safe`'s Roles proxy (salt nonce 0: one per Safe). */
export function rolesAddress(safe: Address, { mastercopy, factory }: RolesDeployment): Address {
  const bytecode = concat(['0x602d8060093d393df3363d3d373d3d3d363d73', mastercopy, '0x5af43d82803e903d91602b57fd5bf3']);
  const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(rolesInitializer(safe)), 0n]));
  return getContractAddress({ opcode: 'CREATE2', from: factory, salt, bytecode });
}

const asCall = ({ to, data }: RolesCall): Call => ({ to, value: 0n, data });

/** Whether granting `request` scopes parameters (its allowances), which needs Roles' libraries on the chain. */
export const needsRolesLibraries = (request: GrantRequest): boolean => request.permissions.some((p) => p.type !== 'contract-call');

/** Whether the chain has Roles v2.1's libraries (`getCode` answers an address's code, e.g. viem's). */
export async function hasRolesLibraries(getCode: (address: Address) => Promise<Hex | undefined>): Promise<boolean> {
  const codes = await Promise.all(ROLES_LIBRARIES.map((address) => getCode(address)));
  return codes.every((code) => code !== undefined && code !== '0x');
}

/** The grant's calls from `safe`; `rolesReady`: its Roles proxy is deployed and enabled already. */
export function grantCalls(options: {
  safe: Address;
  deployment: RolesDeployment;
  rolesReady: boolean;
  role: Hex;
  member: Address;
  request: GrantRequest;
}): Call[] {
  const { safe, deployment, rolesReady, role, member, request } = options;
  const roles = rolesAddress(safe, deployment);
  const setup: Call[] = rolesReady
    ? []
    : [
        {
          to: deployment.factory,
          value: 0n,
          data: encodeFunctionData({
            abi: MODULE_PROXY_FACTORY_ABI,
            functionName: 'deployModule',
            args: [deployment.mastercopy, rolesInitializer(safe), 0n],
          }),
        },
        { to: safe, value: 0n, data: encodeFunctionData({ abi: SAFE_MODULE_ABI, functionName: 'enableModule', args: [roles] }) },
      ];
  return [...setup, ...grantScopeCalls(roles, role, member, request).map(asCall)];
}

/** The revoke's calls from the Safe. */
export const revokeCalls = (roles: Address, role: Hex, member: Address, request: GrantRequest): Call[] =>
  revokeScopeCalls(roles, role, member, request).map(asCall);

/** The session account's call that makes the Safe run `call` under the role. */
export const sessionCall = (context: { roles: Address; roleKey: Hex }, call: Call): Call => ({
  to: context.roles,
  value: 0n,
  data: encodeFunctionData({
    abi: ROLES_ABI,
    functionName: 'execTransactionWithRole',
    args: [call.to, call.value, call.data, 0, context.roleKey, true],
  }),
});

export type SessionRefusal =
  | 'allowance exceeded'
  | 'function not allowed'
  | 'target not allowed'
  | 'session revoked or expired'
  | 'call not allowed';

const REASONS: Partial<Record<(typeof ROLES_STATUS)[number], SessionRefusal>> = {
  TargetAddressNotAllowed: 'target not allowed',
  FunctionNotAllowed: 'function not allowed',
  AllowanceExceeded: 'allowance exceeded',
  CallAllowanceExceeded: 'allowance exceeded',
  EtherAllowanceExceeded: 'allowance exceeded',
  SendNotAllowed: 'call not allowed',
  DelegateCallNotAllowed: 'call not allowed',
};

/**
 * Why Roles refused, from the revert data found in `error` (a viem error or a bundler's message
 * holding it); undefined when it holds no Roles error.
 */
export function sessionRefusal(error: unknown): SessionRefusal | undefined {
  const text = [String((error as { details?: unknown })?.details ?? ''), String((error as Error)?.message ?? error)].join(' ');
  for (const match of text.matchAll(/0x[0-9a-fA-F]{8,}/g)) {
    try {
      const decoded = decodeErrorResult({ abi: ROLES_ABI, data: match[0] as Hex });
      if (decoded.errorName === 'ConditionViolation') return REASONS[ROLES_STATUS[Number(decoded.args[0])]!] ?? 'call not allowed';
      if (decoded.errorName === 'NotAuthorized' || decoded.errorName === 'NoMembership') return 'session revoked or expired';
      return 'call not allowed';
    } catch {
      // Not a Roles error: look further.
    }
  }
  return undefined;
}
