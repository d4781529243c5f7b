/**
 * The embedded wallet's smart account, a Safe 1.4.1 owned by the frame's EVM key with the
 * Safe4337Module 0.3.0 enabled (the backend's `aa deploy` contracts, GET /v1/smart-accounts/{chainId}):
 * its deployment call (SafeProxyFactory.createProxyWithNonce with a setup that enables the
 * module through SafeModuleSetup, by MultiSend's delegatecall, and makes the module the
 * fallback handler, which answers EIP-1271) and the counterfactual address that call creates,
 * computed here without a network call (SafeProxy's creation code is fixed: Safe 1.4.1's).
 * The same encoding as permissionless' toSafeSmartAccount, so both agree on the address.
 */
import {
  concat,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  keccak256,
  numberToHex,
  pad,
  size,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';

/** What the backend's GET /v1/smart-accounts/{chainId} answers. */
export interface SafeContracts {
  chainId: string;
  entryPoint: { address: Address; version: '0.7' };
  safeSingletonAddress: Address;
  safeProxyFactoryAddress: Address;
  safe4337ModuleAddress: Address;
  safeModuleSetupAddress: Address;
  multiSendAddress: Address;
  multiSendCallOnlyAddress: Address;
  paymaster: Address;
}

/** SafeProxy's creation code (Safe 1.4.1), what SafeProxyFactory.proxyCreationCode() answers. */
export const SAFE_PROXY_CREATION_CODE: Hex =
  '0x608060405234801561001057600080fd5b506040516101e63803806101e68339818101604052602081101561003357600080fd5b8101908080519060200190929190505050600073ffffffffffffffffffffffffffffffffffffffff168173ffffffffffffffffffffffffffffffffffffffff1614156100ca576040517f08c379a00000000000000000000000000000000000000000000000000000000081526004018080602001828103825260228152602001806101c46022913960400191505060405180910390fd5b806000806101000a81548173ffffffffffffffffffffffffffffffffffffffff021916908373ffffffffffffffffffffffffffffffffffffffff1602179055505060ab806101196000396000f3fe608060405273ffffffffffffffffffffffffffffffffffffffff600054167fa619486e0000000000000000000000000000000000000000000000000000000060003514156050578060005260206000f35b3660008037600080366000845af43d6000803e60008114156070573d6000fd5b3d6000f3fea264697066735822122003d1488ee65e08fa41e58e888a9865554c535f2c77126a82cb4c0f917f31441364736f6c63430007060033496e76616c69642073696e676c65746f6e20616464726573732070726f7669646564';

const addressList = { type: 'address[]', name: '' } as const;
const setupAbi = [
  {
    type: 'function',
    name: 'setup',
    stateMutability: 'nonpayable',
    inputs: [
      { ...addressList, name: '_owners' },
      { type: 'uint256', name: '_threshold' },
      { type: 'address', name: 'to' },
      { type: 'bytes', name: 'data' },
      { type: 'address', name: 'fallbackHandler' },
      { type: 'address', name: 'paymentToken' },
      { type: 'uint256', name: 'payment' },
      { type: 'address', name: 'paymentReceiver' },
    ],
    outputs: [],
  },
] as const;
const enableModulesAbi = [
  { type: 'function', name: 'enableModules', stateMutability: 'nonpayable', inputs: [{ ...addressList, name: 'modules' }], outputs: [] },
] as const;
export const multiSendAbi = [
  { type: 'function', name: 'multiSend', stateMutability: 'payable', inputs: [{ type: 'bytes', name: 'transactions' }], outputs: [] },
] as const;
const createProxyAbi = [
  {
    type: 'function',
    name: 'createProxyWithNonce',
    stateMutability: 'nonpayable',
    inputs: [
      { type: 'address', name: '_singleton' },
      { type: 'bytes', name: 'initializer' },
      { type: 'uint256', name: 'saltNonce' },
    ],
    outputs: [{ type: 'address', name: 'proxy' }],
  },
] as const;

/** One MultiSend transaction: operation (0 call, 1 delegatecall), to, value, data length, data. */
export interface MultiSendTransaction {
  operation: 0 | 1;
  to: Address;
  value: bigint;
  data: Hex;
}

/** MultiSend's packed transactions, as its multiSend(bytes) takes them. */
export function encodeMultiSend(transactions: MultiSendTransaction[]): Hex {
  const packed = concat(
    transactions.map((tx) =>
      encodePacked(['uint8', 'address', 'uint256', 'uint256', 'bytes'], [tx.operation, tx.to, tx.value, BigInt(size(tx.data)), tx.data]),
    ),
  );
  return encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] });
}

/** Safe.setup of a one-owner Safe whose setup enables the 4337 module (salt nonce 0). */
function initializer(owner: Address, c: SafeContracts): Hex {
  const enable = encodeFunctionData({ abi: enableModulesAbi, functionName: 'enableModules', args: [[c.safe4337ModuleAddress]] });
  return encodeFunctionData({
    abi: setupAbi,
    functionName: 'setup',
    args: [
      [owner],
      1n,
      c.multiSendAddress,
      encodeMultiSend([{ operation: 1, to: c.safeModuleSetupAddress, value: 0n, data: enable }]),
      c.safe4337ModuleAddress,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
}

/** The user operation's factory and factoryData that deploy the account. */
export function safeFactoryArgs(owner: Address, c: SafeContracts): { factory: Address; factoryData: Hex } {
  return {
    factory: c.safeProxyFactoryAddress,
    factoryData: encodeFunctionData({
      abi: createProxyAbi,
      functionName: 'createProxyWithNonce',
      args: [c.safeSingletonAddress, initializer(owner, c), 0n],
    }),
  };
}

/** The Safe's counterfactual address (CREATE2 by the proxy factory), with no network call. */
export function safeAddress(owner: Address, c: SafeContracts): Address {
  const salt = keccak256(encodePacked(['bytes32', 'uint256'], [keccak256(initializer(owner, c)), 0n]));
  const bytecode = concat([SAFE_PROXY_CREATION_CODE, pad(numberToHex(BigInt(c.safeSingletonAddress)), { size: 32 })]);
  return getContractAddress({ from: c.safeProxyFactoryAddress, salt, bytecode, opcode: 'CREATE2' });
}
