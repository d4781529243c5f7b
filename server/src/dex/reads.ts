/**
 * Contract reads for the swap routes over the backend's JSON-RPC client, all at one block so a
 * quote's reserves and amounts belong together. A reply that does not decode (no contract at
 * the address any more, e.g. after the chain was restarted) is an RpcResponseError naming it.
 */
import { decodeFunctionResult, encodeFunctionData, numberToHex, type Abi, type Address, type Hex } from 'viem';
import { RpcResponseError, type RpcClient } from '../blockchain/rpc.js';

/** A block tag for eth_call: a number (hex) or 'latest'. */
export type BlockTag = Hex | 'latest';

export async function latestBlock(rpc: RpcClient): Promise<Hex> {
  const block = await rpc.request<string>('eth_blockNumber');
  if (typeof block !== 'string' || !/^0x[0-9a-f]+$/i.test(block)) throw new RpcResponseError(`eth_blockNumber: not a block number`);
  return block as Hex;
}

/** Calls a view function of `address` at `block` and decodes its result. */
export async function readContract<T>(
  rpc: RpcClient,
  call: { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] },
  block: BlockTag,
): Promise<T> {
  const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as never);
  const result = await rpc.request<Hex>('eth_call', [{ to: call.address, data }, block]);
  try {
    return decodeFunctionResult({ abi: call.abi, functionName: call.functionName, data: result } as never) as T;
  } catch {
    throw new RpcResponseError(`${call.functionName} on ${call.address}: the reply does not decode (is the contract deployed?)`);
  }
}

export const toHexValue = (value: bigint) => numberToHex(value);
