/**
 * eip155 on the server: the EVM index's chain (`--evm-rpc`) answers balances (./balances.ts),
 * history, NFTs and token metadata (server/src/blockchain, the index), sign-in checks EIP-191 / EIP-1271 signatures (./siwx.ts), and name registrations are EVM
 * only (./name-signature.ts).
 */
import { getAddress } from 'viem';
import { HttpError } from '../../errors.js';
import { fungiblePrices } from '../../blockchain/fungibles.js';
import { accountHistory } from '../../blockchain/history.js';
import { ownedNfts } from '../../blockchain/nfts.js';
import { publicRpcUrl } from '../../blockchain/rpc.js';
import type { ServerChain } from '../types.js';
import { accountBalances } from './balances.js';
import { EIP155_CHAIN, EIP155_CHAIN_FORM, EVM_ADDRESS, EVM_ADDRESS_RULE } from './chain.js';
import { nameSignatureCheck } from './name-signature.js';
import { eip155Siwx } from './siwx.js';

export const eip155Chain: ServerChain = {
  namespace: 'eip155',
  chainIdPattern: EIP155_CHAIN,
  chainIdForm: EIP155_CHAIN_FORM,
  address: {
    pattern: EVM_ADDRESS,
    rule: EVM_ADDRESS_RULE,
    normalize: (address) => address.toLowerCase(),
    display: (address) => getAddress(address),
  },
  caip10Balances: false,
  missingNode: 'No EVM chain is indexed: start w3kit-server with --evm-rpc URL',
  reads: ['history', 'nfts', 'tokens'],
  tokens: {
    token: (id) => (id === 'native' || EVM_ADDRESS.test(id) ? id.toLowerCase() : undefined),
    rule: 'must be eip155:<chain id>:native or eip155:<chain id>:0x and 40 hex characters',
  },
  node({ index, images, prices, indexer, tokenInfo, purchases }) {
    if (!indexer) return undefined;
    const publicUrl = publicRpcUrl(indexer.rpcUrl);
    return {
      namespace: 'eip155',
      publicUrl,
      async chainId() {
        const chainId = indexer.chainId();
        if (!chainId) throw new HttpError(503, `The EVM chain RPC ${publicUrl} has not answered yet`, 'chainId', { 'retry-after': '1' });
        return chainId;
      },
      announcedChainId: async () => indexer.chainId(),
      balances: (chainId, address, tokenIcon) => accountBalances({ index, rpc: indexer.rpc, prices, tokenIcon }, chainId, address),
      history: (chainId, address, cursor, tokenIcon) => accountHistory({ index, prices, tokenIcon, purchases }, chainId, address, cursor),
      nfts: (chainId, address, tokenIcon) => ownedNfts(index, chainId, address, tokenIcon),
      tokens: (chainId, tokens, tokenIcon) =>
        fungiblePrices({ index, images, prices, rpc: indexer.rpc, tokenIcon, tokenInfo }, chainId, tokens),
    };
  },
  siwx: eip155Siwx,
  names: { signatureCheck: nameSignatureCheck },
};
