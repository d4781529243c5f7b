/**
 * The verifying paymaster's data for one user operation (EntryPoint v0.7): paymasterData is
 * abi.encode(validUntil, validAfter) then the verifying signer's signature (EIP-191) over the
 * paymaster's getHash of the packed operation, whose paymasterAndData prefix carries the
 * paymaster and its two gas limits, so those limits are fixed before signing. The stub (for gas
 * estimation) carries a real signature of a throwaway key: the paymaster's ECDSA.recover
 * reverts on a malformed one, where a wrong signer only fails the validation.
 */
import { concat, encodeAbiParameters, parseAbi, type Address, type Hex, type PublicClient } from 'viem';
import type { UserOperation } from 'viem/account-abstraction';
import { privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import { PAYMASTER_POST_OP_GAS, PAYMASTER_VERIFICATION_GAS } from './constants.js';

const getHashAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
]);

/** A throwaway key's signature: well-formed, from nobody the paymaster trusts. */
const STUB_SIGNATURE: Hex =
  '0xe69842b18ead26ac0ba03f983d6eb1dc6acb92ba24862da73eae79e82a03c7470e8fdeabc683df171fce7aa4dffc12402a3a8841c57bac9f9b8783b7b94518121c';

export interface PaymasterFields {
  paymaster: Address;
  paymasterData: Hex;
  paymasterVerificationGasLimit: bigint;
  paymasterPostOpGasLimit: bigint;
}

const window = (validUntil: number, validAfter: number) =>
  encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, validAfter]);

/** The stub paymaster fields, for estimating the operation's gas. */
export function paymasterStub(paymaster: Address, validUntil: number, validAfter = 0): PaymasterFields {
  return {
    paymaster,
    paymasterData: concat([window(validUntil, validAfter), STUB_SIGNATURE]),
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS,
    paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS,
  };
}

export interface SponsorOptions {
  client: PublicClient;
  paymaster: Address;
  /** The paymaster's verifying signer. */
  signer: LocalAccount | Hex;
  /** The operation with its gas limits and fees set (its signature and paymaster fields are ignored). */
  userOperation: Omit<UserOperation<'0.7'>, 'signature'> & { signature?: Hex };
  /** Unix seconds. */
  validUntil: number;
  validAfter?: number;
}

/** The signed paymaster fields that sponsor `userOperation`. */
export async function sponsor({
  client,
  paymaster,
  signer,
  userOperation,
  validUntil,
  validAfter = 0,
}: SponsorOptions): Promise<PaymasterFields> {
  const stub = paymasterStub(paymaster, validUntil, validAfter);
  // Imported here, not at the top: the bin's bundle keeps a top-level import of every external (../aa/constants.ts says why that matters).
  const { toPackedUserOperation } = await import('viem/account-abstraction');
  const packed = toPackedUserOperation({ ...userOperation, signature: '0x', ...stub } as UserOperation<'0.7'>);
  const hash = await client.readContract({
    address: paymaster,
    abi: getHashAbi,
    functionName: 'getHash',
    args: [packed, validUntil, validAfter],
  });
  const account = typeof signer === 'string' ? privateKeyToAccount(signer) : signer;
  const signature = await account.signMessage({ message: { raw: hash } });
  return { ...stub, paymasterData: concat([window(validUntil, validAfter), signature]) };
}
