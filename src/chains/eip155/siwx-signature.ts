/**
 * eip155's Sign in with X signature check (a lazy chunk with viem's RPC client): EIP-191
 * recovery, else EIP-1271 `isValidSignature` on chain.
 */
import { createPublicClient, hashMessage, http, isHex, parseAbi, verifyMessage, type Address, type Hex } from 'viem';
import { SiwxError } from '../../siwx/errors.js';
import type { SiwxSignatureCheck } from '../siwx-codec.js';

/** EIP-1271's magic value: `isValidSignature(hash, signature)` returns it for a good signature. */
const EIP1271_MAGIC = '0x1626ba7e';
const EIP1271_ABI = parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']);
const RPC_TIMEOUT_MS = 10_000;

/** Whether an eip155 signature recovers to `address` (EIP-191 personal_sign); false for a malformed one. */
async function isEoaSignature(address: Address, message: string, signature: Hex): Promise<boolean> {
  try {
    return await verifyMessage({ address, message, signature });
  } catch {
    return false;
  }
}

/** EIP-1271 on chain: whether the contract at `address` accepts the signature of the message's hash. */
async function isContractSignature(rpcUrl: string, address: Address, message: string, signature: Hex): Promise<boolean> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 0 }) });
  let code: Hex | undefined;
  try {
    code = await client.getCode({ address });
  } catch (err) {
    throw new SiwxError(
      `Could not check the contract account's signature: ${(err as { shortMessage?: string }).shortMessage ?? String(err)}`,
      {
        cause: err,
      },
    );
  }
  if (!code || code === '0x') return false;
  try {
    const result = await client.readContract({
      address,
      abi: EIP1271_ABI,
      functionName: 'isValidSignature',
      args: [hashMessage(message), signature],
    });
    return result.toLowerCase() === EIP1271_MAGIC;
  } catch {
    // A revert (or no such function) is a refusal.
    return false;
  }
}

export const checkEip155Signature: SiwxSignatureCheck = async (fields, message, signature, options) => {
  if (!isHex(signature) || !/^0x[0-9a-fA-F]{40}$/.test(fields.address)) throw new SiwxError('Invalid signature');
  const address = fields.address as Address;
  if (await isEoaSignature(address, message, signature)) return;
  const chainId = `eip155:${fields.chainReference}`;
  const rpcUrl = options.rpcUrl;
  if (!rpcUrl) throw new SiwxError(`Invalid signature (no RPC URL for ${chainId} to check a contract account's)`);
  if (!(await isContractSignature(rpcUrl, address, message, signature))) throw new SiwxError('Invalid signature');
};
