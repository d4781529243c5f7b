/**
 * A parsed ERC-7715 grant compiled into Zodiac Roles v2 calls on the Safe's Roles proxy (each a
 * call from the Safe, its owner): scope each contract-call target and its functions, an ERC-20
 * allowance as `transfer(to, amount)` with the amount WithinAllowance, the native allowance as
 * EtherWithinAllowance on the permitted functions (sent with them), the allowances refilling
 * per period, then the session account made the role's member. Revoking takes the membership
 * back and empties the allowances.
 */
import { encodeAbiParameters, encodeFunctionData, keccak256, toHex, type Address, type Hex } from 'viem';
import type { GrantRequest } from './permissions.js';
import { ExecutionOptions, Operator, ParamType, ROLES_ABI } from './roles-abi.js';

export interface RolesCall {
  to: Address;
  data: Hex;
}

/** The role of session `id` (the backend's pci): a bytes32 only that session uses. */
export const roleKey = (id: string): Hex => keccak256(toHex(`w3kit.session:${id}`));

/** The allowance keys of a role: the native one, and one per ERC-20 token. */
export const nativeAllowanceKey = (role: Hex): Hex =>
  keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'string' }], [role, 'native']));
export const tokenAllowanceKey = (role: Hex, token: Address): Hex =>
  keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }], [role, token]));

const TRANSFER: Hex = '0xa9059cbb';

interface Condition {
  parent: number;
  paramType: number;
  operator: number;
  compValue: Hex;
}

const call = (roles: Address, data: Hex): RolesCall => ({ to: roles, data });

/** The Roles calls that grant `request` to `member` under `role`. */
export function grantScopeCalls(roles: Address, role: Hex, member: Address, request: GrantRequest): RolesCall[] {
  const calls: RolesCall[] = [];
  const native = request.permissions.find((p) => p.type === 'native-token-recurring-allowance');
  const nativeKey = nativeAllowanceKey(role);
  for (const p of request.permissions) {
    if (p.type === 'contract-call') {
      calls.push(call(roles, encodeFunctionData({ abi: ROLES_ABI, functionName: 'scopeTarget', args: [role, p.address] })));
      for (const selector of p.selectors) {
        if (native) {
          // Any arguments, and the value sent with it within the native allowance.
          const conditions: Condition[] = [
            { parent: 0, paramType: ParamType.None, operator: Operator.EtherWithinAllowance, compValue: nativeKey },
          ];
          calls.push(
            call(
              roles,
              encodeFunctionData({
                abi: ROLES_ABI,
                functionName: 'scopeFunction',
                args: [role, p.address, selector, conditions, ExecutionOptions.Send],
              }),
            ),
          );
        } else {
          calls.push(
            call(
              roles,
              encodeFunctionData({
                abi: ROLES_ABI,
                functionName: 'allowFunction',
                args: [role, p.address, selector, ExecutionOptions.None],
              }),
            ),
          );
        }
      }
    } else if (p.type === 'erc20-recurring-allowance') {
      const key = tokenAllowanceKey(role, p.token);
      const conditions: Condition[] = [
        { parent: 0, paramType: ParamType.Calldata, operator: Operator.Matches, compValue: '0x' },
        { parent: 0, paramType: ParamType.Static, operator: Operator.Pass, compValue: '0x' },
        { parent: 0, paramType: ParamType.Static, operator: Operator.WithinAllowance, compValue: key },
      ];
      calls.push(call(roles, encodeFunctionData({ abi: ROLES_ABI, functionName: 'scopeTarget', args: [role, p.token] })));
      calls.push(
        call(
          roles,
          encodeFunctionData({
            abi: ROLES_ABI,
            functionName: 'scopeFunction',
            args: [role, p.token, TRANSFER, conditions, ExecutionOptions.None],
          }),
        ),
      );
      calls.push(allowanceCall(roles, key, p.allowance, p.period, p.start));
    }
  }
  if (native) calls.push(allowanceCall(roles, nativeKey, native.allowance, native.period, native.start));
  calls.push(call(roles, encodeFunctionData({ abi: ROLES_ABI, functionName: 'assignRoles', args: [member, [role], [true]] })));
  return calls;
}

/** An allowance of `amount` that refills to `amount` every `period` seconds from `start`. */
function allowanceCall(roles: Address, key: Hex, amount: bigint, period: number, start: number): RolesCall {
  return call(
    roles,
    encodeFunctionData({
      abi: ROLES_ABI,
      functionName: 'setAllowance',
      args: [key, amount, amount, amount, BigInt(period), BigInt(start)],
    }),
  );
}

/** The Roles calls that end the session: `member` leaves the role, its allowances drop to zero. */
export function revokeScopeCalls(roles: Address, role: Hex, member: Address, request: GrantRequest): RolesCall[] {
  const calls = [call(roles, encodeFunctionData({ abi: ROLES_ABI, functionName: 'assignRoles', args: [member, [role], [false]] }))];
  for (const p of request.permissions) {
    if (p.type === 'erc20-recurring-allowance') calls.push(allowanceCall(roles, tokenAllowanceKey(role, p.token), 0n, 0, 0));
    if (p.type === 'native-token-recurring-allowance') calls.push(allowanceCall(roles, nativeAllowanceKey(role), 0n, 0, 0));
  }
  return calls;
}
