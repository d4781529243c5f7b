/** The EVM clients sign-in has: the Blockchain API's one node (`--evm-rpc`), for the chain it serves. */
import { createPublicClient, hexToNumber, http, type Hex, type PublicClient } from 'viem';
import type { Indexer } from '../../blockchain/indexer.js';
import { RPC_TIMEOUT_MS } from '../../blockchain/rpc.js';
import type { ChainClients } from '../types.js';
import { caipChainId } from './chain.js';

export function indexerClients(indexer: Indexer | undefined): ChainClients {
  let client: PublicClient | undefined;
  return async (chainId) => {
    if (!indexer) return undefined;
    let served = indexer.chainId();
    if (served === undefined) {
      try {
        served = caipChainId(hexToNumber(await indexer.rpc.request<Hex>('eth_chainId')));
      } catch {
        return undefined;
      }
    }
    if (served !== chainId) return undefined;
    client ??= createPublicClient({ transport: http(indexer.rpcUrl, { retryCount: 0, timeout: RPC_TIMEOUT_MS }) });
    return client;
  };
}
