/**
 * The few Zodiac Roles v2 and ModuleProxyFactory functions and errors sessions use (the audited
 * contracts `w3kit-server aa deploy` puts on the chain from @gnosis.pm/zodiac 4.0.3), and the
 * numbering of Roles' enums (its Types.sol).
 */
import { parseAbi } from 'viem';

export const ROLES_ABI = parseAbi([
  'struct ConditionFlat { uint8 parent; uint8 paramType; uint8 operator; bytes compValue; }',
  'function setUp(bytes initParams)',
  'function assignRoles(address module, bytes32[] roleKeys, bool[] memberOf)',
  'function scopeTarget(bytes32 roleKey, address targetAddress)',
  'function allowFunction(bytes32 roleKey, address targetAddress, bytes4 selector, uint8 options)',
  'function scopeFunction(bytes32 roleKey, address targetAddress, bytes4 selector, ConditionFlat[] conditions, uint8 options)',
  'function revokeTarget(bytes32 roleKey, address targetAddress)',
  'function setAllowance(bytes32 key, uint128 balance, uint128 maxRefill, uint128 refill, uint64 period, uint64 timestamp)',
  'function allowances(bytes32 key) view returns (uint128 refill, uint128 maxRefill, uint64 period, uint128 balance, uint64 timestamp)',
  'function execTransactionWithRole(address to, uint256 value, bytes data, uint8 operation, bytes32 roleKey, bool shouldRevert) returns (bool success)',
  'function isModuleEnabled(address module) view returns (bool)',
  'error ConditionViolation(uint8 status, bytes32 info)',
  'error NotAuthorized(address sender)',
  'error NoMembership()',
  'error ModuleTransactionFailed()',
  'error FunctionSignatureTooShort()',
  'error CalldataOutOfBounds()',
]);

export const MODULE_PROXY_FACTORY_ABI = parseAbi([
  'function deployModule(address masterCopy, bytes initializer, uint256 saltNonce) returns (address proxy)',
]);

export const SAFE_MODULE_ABI = parseAbi([
  'function enableModule(address module)',
  'function isModuleEnabled(address module) view returns (bool)',
]);

/** Roles' ParameterType (the `paramType` of a condition). */
export const ParamType = { None: 0, Static: 1, Dynamic: 2, Tuple: 3, Array: 4, Calldata: 5, AbiEncoded: 6 } as const;
/** Roles' Operator. */
export const Operator = { Pass: 0, And: 1, Matches: 5, WithinAllowance: 28, EtherWithinAllowance: 29 } as const;
/** Roles' ExecutionOptions. */
export const ExecutionOptions = { None: 0, Send: 1 } as const;

/** Roles' PermissionChecker Status, by number (what ConditionViolation carries). */
export const ROLES_STATUS = [
  'Ok',
  'DelegateCallNotAllowed',
  'TargetAddressNotAllowed',
  'FunctionNotAllowed',
  'SendNotAllowed',
  'OrViolation',
  'NorViolation',
  'ParameterNotAllowed',
  'ParameterLessThanAllowed',
  'ParameterGreaterThanAllowed',
  'ParameterNotAMatch',
  'NotEveryArrayElementPasses',
  'NoArrayElementPasses',
  'ParameterNotSubsetOfAllowed',
  'BitmaskOverflow',
  'BitmaskNotAllowed',
  'CustomConditionViolation',
  'AllowanceExceeded',
  'CallAllowanceExceeded',
  'EtherAllowanceExceeded',
] as const;

/**
 * The two external libraries the Roles v2.1 mastercopy links (at these addresses, baked into its
 * bytecode): Integrity (checks a scopeFunction's conditions) and Packer (stores them). Only
 * `scopeFunction` calls them, so parameter conditions, and with them allowances, work only on a
 * chain that has them: every chain Gnosis Guild deployed Roles v2.1 on, but not a local one,
 * since no npm package ships their bytecode (checked: @gnosis.pm/zodiac 4.0.3,
 * @gnosis-guild/zodiac 4.2.1 and 5.0.1, @gnosis-guild/zodiac-core 4.1.0, zodiac-roles-sdk 3.4.8,
 * zodiac-roles-deployments 3.3.0).
 */
export const ROLES_LIBRARIES = ['0x6a6Af4b16458Bc39817e4019fB02BD3b26d41049', '0x61C5B1bE435391fDd7BC6703F3740C0d11728a8C'] as const;
