/**
 * The Safe of ./address.ts as a viem smart account (viem's toSmartAccount, EntryPoint v0.7),
 * signed by the frame's EVM key: calls through the Safe4337Module (executeUserOpWithErrorString;
 * several calls as one delegatecall to MultiSendCallOnly), user operations signed as the
 * module's EIP-712 SafeOp, and messages and typed data signed as a SafeMessage, which the Safe
 * answers through EIP-1271 (the module is its fallback handler). viem wraps a signature in
 * ERC-6492 while the Safe is not deployed (its factory call), so verifiers deploy it in a
 * simulation first. Loaded lazily: only the smart account's requests import it.
 */
import {
  encodeFunctionData,
  encodePacked,
  hashMessage,
  hashTypedData,
  type Hex,
  type LocalAccount,
  type PublicClient,
  type SignableMessage,
  type TypedDataDefinition,
} from 'viem';
import { entryPoint07Abi, toPackedUserOperation, toSmartAccount, type SmartAccount } from 'viem/account-abstraction';
import { encodeMultiSend, safeAddress, safeFactoryArgs, type SafeContracts } from './address.js';

const executeAbi = [
  {
    type: 'function',
    name: 'executeUserOpWithErrorString',
    stateMutability: 'nonpayable',
    inputs: [
      { type: 'address', name: 'to' },
      { type: 'uint256', name: 'value' },
      { type: 'bytes', name: 'data' },
      { type: 'uint8', name: 'operation' },
    ],
    outputs: [],
  },
] as const;

/** The Safe4337Module's SafeOp (EntryPoint v0.7). */
const SAFE_OP_TYPES = {
  SafeOp: [
    { type: 'address', name: 'safe' },
    { type: 'uint256', name: 'nonce' },
    { type: 'bytes', name: 'initCode' },
    { type: 'bytes', name: 'callData' },
    { type: 'uint128', name: 'verificationGasLimit' },
    { type: 'uint128', name: 'callGasLimit' },
    { type: 'uint256', name: 'preVerificationGas' },
    { type: 'uint128', name: 'maxPriorityFeePerGas' },
    { type: 'uint128', name: 'maxFeePerGas' },
    { type: 'bytes', name: 'paymasterAndData' },
    { type: 'uint48', name: 'validAfter' },
    { type: 'uint48', name: 'validUntil' },
    { type: 'address', name: 'entryPoint' },
  ],
} as const;

/**
 * The gas-estimation signature: validAfter and validUntil 0, then a well-formed 65-byte ECDSA
 * signature (r, s and v 0x1c) that recovers to no owner, so the module's check runs its full
 * cost and answers "invalid" instead of reverting.
 */
const STUB_SIGNATURE = encodePacked(
  ['uint48', 'uint48', 'bytes'],
  [
    0,
    0,
    '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c',
  ],
);

export type FrameSafeAccount = SmartAccount;

/** The Safe owned by `owner` on `client`'s chain (`chainId`), with the backend's contracts. */
export async function toFrameSafeAccount(options: {
  client: PublicClient;
  owner: LocalAccount;
  contracts: SafeContracts;
  chainId: number;
}): Promise<FrameSafeAccount> {
  const { client, owner, contracts, chainId } = options;
  const address = safeAddress(owner.address, contracts);
  /** The SafeMessage hash the Safe's EIP-1271 check recomputes for a message hash. */
  const safeMessageHash = (hash: Hex) =>
    hashTypedData({
      domain: { chainId, verifyingContract: address },
      types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
      primaryType: 'SafeMessage',
      message: { message: hash },
    });
  return toSmartAccount({
    client,
    entryPoint: { abi: entryPoint07Abi, address: contracts.entryPoint.address, version: '0.7' },
    async getAddress() {
      return address;
    },
    async getFactoryArgs() {
      return safeFactoryArgs(owner.address, contracts);
    },
    async encodeCalls(calls) {
      const [first] = calls;
      if (!first) throw new Error('No calls to send');
      const batch = calls.length > 1;
      const args = batch
        ? ([
            contracts.multiSendCallOnlyAddress,
            0n,
            encodeMultiSend(calls.map((c) => ({ operation: 0, to: c.to, value: c.value ?? 0n, data: c.data ?? '0x' }))),
            1,
          ] as const)
        : ([first.to, first.value ?? 0n, first.data ?? '0x', 0] as const);
      return encodeFunctionData({ abi: executeAbi, functionName: 'executeUserOpWithErrorString', args });
    },
    async getStubSignature() {
      return STUB_SIGNATURE;
    },
    async sign({ hash }) {
      return owner.sign!({ hash: safeMessageHash(hash) });
    },
    async signMessage({ message }: { message: SignableMessage }) {
      return owner.sign!({ hash: safeMessageHash(hashMessage(message)) });
    },
    async signTypedData(typedData) {
      return owner.sign!({ hash: safeMessageHash(hashTypedData(typedData as TypedDataDefinition)) });
    },
    async signUserOperation(parameters) {
      const { chainId: _chainId, ...userOperation } = parameters;
      // The packed fields, as the EntryPoint hands them to the module.
      const packed = toPackedUserOperation({ ...userOperation, sender: address, signature: '0x' });
      const signature = await owner.signTypedData({
        domain: { chainId, verifyingContract: contracts.safe4337ModuleAddress },
        types: SAFE_OP_TYPES,
        primaryType: 'SafeOp',
        message: {
          safe: address,
          nonce: packed.nonce,
          initCode: packed.initCode,
          callData: packed.callData,
          verificationGasLimit: BigInt(`0x${packed.accountGasLimits.slice(2, 34)}`),
          callGasLimit: BigInt(`0x${packed.accountGasLimits.slice(34)}`),
          preVerificationGas: packed.preVerificationGas,
          maxPriorityFeePerGas: BigInt(`0x${packed.gasFees.slice(2, 34)}`),
          maxFeePerGas: BigInt(`0x${packed.gasFees.slice(34)}`),
          paymasterAndData: packed.paymasterAndData,
          validAfter: 0,
          validUntil: 0,
          entryPoint: contracts.entryPoint.address,
        },
      });
      return encodePacked(['uint48', 'uint48', 'bytes'], [0, 0, signature]);
    },
  });
}
