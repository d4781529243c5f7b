/**
 * The frame's eip155 requests from the user's Safe (the active smart account, ./active.ts), once
 * approved on the frame's usual screen (../frame-requests.ts checks and describes them):
 * personal_sign and eth_signTypedData_v4 signed as the Safe (EIP-1271 once deployed, ERC-6492
 * wrapped before), eth_sendTransaction and wallet_sendCalls as ONE user operation (answering the
 * transaction hash that mined it). The viem account-abstraction code loads only here, lazily.
 */
import { bytesToHex, type Hex, type TypedDataDefinition } from 'viem';
import type { FrameNetwork } from '../../../frame/messages.js';
import { wipe } from '../../../frame/keys/bytes.js';
import { deriveEvmKey } from '../../../frame/keys/derive.js';
import type { JsonRpcCall } from '../../../frame/site/context.js';
import type { ActiveSmartAccount } from './active.js';
import type { SmartCall } from './user-operation.js';

async function withKey<T>(seed: Uint8Array, fn: (key: Hex) => Promise<T>): Promise<T> {
  const key = deriveEvmKey(seed);
  try {
    return await fn(bytesToHex(key));
  } finally {
    wipe(key);
  }
}

export interface SmartRunEnv {
  active: ActiveSmartAccount;
  network: FrameNetwork;
  jsonRpc: JsonRpcCall;
}

const load = () => import('./user-operation.js');

/** Signs a message (raw bytes) as the Safe. */
export function signMessageAsSafe(seed: Uint8Array, env: SmartRunEnv, raw: Uint8Array): Promise<Hex> {
  return withKey(seed, async (key) => {
    const account = await (await load()).safeAccount(env.active, env.network, env.jsonRpc, key);
    return account.signMessage({ message: { raw } });
  });
}

/** Signs typed data as the Safe. */
export function signTypedDataAsSafe(seed: Uint8Array, env: SmartRunEnv, typed: TypedDataDefinition): Promise<Hex> {
  return withKey(seed, async (key) => {
    const account = await (await load()).safeAccount(env.active, env.network, env.jsonRpc, key);
    return account.signTypedData(typed);
  });
}

/** Sends the calls as one user operation; answers the hash of the transaction that mined it. */
export function sendAsUserOperation(seed: Uint8Array, env: SmartRunEnv, calls: SmartCall[]): Promise<Hex> {
  return withKey(seed, async (key) => {
    const receipt = await (await load()).sendUserOperation({ ...env, key, calls });
    if (!receipt.success) throw new Error(receipt.reason ?? 'The user operation reverted');
    return receipt.receipt.transactionHash;
  });
}
