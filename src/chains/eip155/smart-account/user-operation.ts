/**
 * Sends calls from the frame's Safe as ONE user operation through the backend's bundler route
 * (POST /v1/bundler/{chainId}), sponsored by its ERC-7677 paymaster route (POST
 * /v1/paymaster/{chainId}), and waits for its receipt; the first operation deploys the Safe
 * (its factory call in the operation). Chain reads (nonce, code, fees) go to the synced network.
 */
import { createPublicClient, custom, defineChain, http, type Hex, type PublicClient } from 'viem';
import { createBundlerClient, createPaymasterClient, type UserOperationReceipt } from 'viem/account-abstraction';
import { privateKeyToAccount } from 'viem/accounts';
import type { FrameNetwork } from '../../../frame/messages.js';
import type { JsonRpcCall } from '../../../frame/site/context.js';
import { toFrameSafeAccount, type FrameSafeAccount } from './account.js';
import type { ActiveSmartAccount } from './active.js';
import { routeUrl } from './backend.js';

/** How long a user operation may take to be mined. */
export const USER_OPERATION_TIMEOUT_MS = 60_000;

export interface SmartCall {
  to: Hex;
  value: bigint;
  data?: Hex;
}

/** A viem client reading the synced network through the frame's JSON-RPC transport. */
export function networkClient(network: FrameNetwork, jsonRpc: JsonRpcCall): PublicClient {
  const chain = defineChain({
    id: Number(network.caipNetworkId.split(':')[1]),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [network.rpcUrl] } },
  });
  return createPublicClient({
    chain,
    transport: custom({ request: ({ method, params }) => jsonRpc(network.rpcUrl, method, params ?? []) }),
  }) as PublicClient;
}

/** The active smart account as a viem account signed by `key`. */
export function safeAccount(active: ActiveSmartAccount, network: FrameNetwork, jsonRpc: JsonRpcCall, key: Hex): Promise<FrameSafeAccount> {
  const client = networkClient(network, jsonRpc);
  return toFrameSafeAccount({ client, owner: privateKeyToAccount(key), contracts: active.contracts, chainId: client.chain!.id });
}

/** Sends `calls` as one user operation and waits for it to be mined; answers its receipt. */
export async function sendUserOperation(options: {
  active: ActiveSmartAccount;
  network: FrameNetwork;
  jsonRpc: JsonRpcCall;
  key: Hex;
  calls: SmartCall[];
}): Promise<UserOperationReceipt> {
  const { active, network, jsonRpc, key, calls } = options;
  const account = await safeAccount(active, network, jsonRpc, key);
  const chain = active.caipChainId;
  const bundler = createBundlerClient({
    account,
    client: account.client as PublicClient,
    transport: http(routeUrl(active.backend, `/v1/bundler/${chain}`), { retryCount: 0 }),
    paymaster: createPaymasterClient({ transport: http(routeUrl(active.backend, `/v1/paymaster/${chain}`), { retryCount: 0 }) }),
    pollingInterval: 250,
  });
  const hash = await bundler.sendUserOperation({ calls: calls.map((c) => ({ to: c.to, value: c.value, data: c.data ?? '0x' })) });
  const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: USER_OPERATION_TIMEOUT_MS });
  active.deployed = true;
  return receipt;
}
