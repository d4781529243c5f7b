/**
 * solana on the server: with a Solana RPC (`--solana-rpc`) the balances of its accounts
 * (./balances.ts), and sign-in with ed25519 signatures (./siwx.ts). No history, NFTs or token
 * metadata (no index reads Solana: those routes refuse the namespace), no name registrations.
 */
import { publicRpcUrl } from '../../blockchain/rpc.js';
import { chainIdWithin } from '../announce.js';
import type { ServerChain } from '../types.js';
import { createSolanaChain, solanaBalances } from './balances.js';
import { SOLANA_ADDRESS, SOLANA_ADDRESS_RULE, SOLANA_CHAIN } from './tokens.js';
import { solanaSiwx } from './siwx.js';

export const solanaChain: ServerChain = {
  namespace: 'solana',
  chainIdPattern: SOLANA_CHAIN,
  chainIdForm: 'solana:<genesis hash prefix>',
  address: { pattern: SOLANA_ADDRESS, rule: SOLANA_ADDRESS_RULE, normalize: (address) => address, display: (address) => address },
  caip10Balances: true,
  missingNode: 'No Solana chain is configured: start w3kit-server with --solana-rpc URL',
  reads: [],
  node({ images, prices, rpcUrls }) {
    const url = rpcUrls.solana;
    if (!url) return undefined;
    const solana = createSolanaChain(url);
    return {
      namespace: 'solana',
      publicUrl: publicRpcUrl(url),
      chainId: () => solana.chainId(),
      announcedChainId: () => chainIdWithin(() => solana.chainId()),
      balances: (chainId, address, tokenIcon) => solanaBalances({ images, rpc: solana.rpc, prices, tokenIcon }, chainId, address),
    };
  },
  siwx: solanaSiwx,
};
