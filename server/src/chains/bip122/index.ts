/**
 * bip122 (Bitcoin) on the server (issue 33): with an Esplora API (`--bitcoin-esplora URL`) the
 * balance, unspent outputs, history (with confirmations) and fee estimates of its P2WPKH and
 * P2TR accounts (./reads.ts over ./esplora.ts), and sign-in with BIP-322 simple signatures
 * (./siwx.ts). No NFTs or token metadata, no name registrations.
 */
import { publicRpcUrl } from '../../blockchain/rpc.js';
import type { ServerChain } from '../types.js';
import { createEsplora } from './esplora.js';
import { bitcoinBalances, bitcoinFees, bitcoinHistory, bitcoinUtxos } from './reads.js';
import { bip122Siwx } from './siwx.js';

/** How long supported-chains waits for the genesis hash. */
const ANNOUNCE_WAIT_MS = 2000;

export const bip122Chain: ServerChain = {
  namespace: 'bip122',
  chainIdPattern: /^bip122:[0-9a-f]{32}$/,
  chainIdForm: "bip122:<the genesis block hash's first 32 hex digits>",
  address: {
    // bech32 (P2WPKH, 42 to 44 characters with bcrt) and bech32m (P2TR, 62 to 64), one case.
    pattern: /^(bc|tb|bcrt)1[02-9ac-hj-np-z]{39,59}$|^(BC|TB|BCRT)1[02-9AC-HJ-NP-Z]{39,59}$/,
    rule: 'must be a Bitcoin P2WPKH or P2TR address (bech32: bc1, tb1 or bcrt1)',
    normalize: (address) => address.toLowerCase(),
    display: (address) => address.toLowerCase(),
  },
  caip10Balances: true,
  missingNode: 'No Bitcoin chain is configured: start w3kit-server with --bitcoin-esplora URL',
  reads: ['history', 'utxos', 'fees'],
  node({ prices, rpcUrls }) {
    const url = rpcUrls.bip122;
    if (!url) return undefined;
    const esplora = createEsplora(url);
    const ctx = { esplora, prices };
    return {
      namespace: 'bip122',
      publicUrl: publicRpcUrl(url),
      chainId: () => esplora.chainId(),
      announcedChainId() {
        const timeout = new Promise<undefined>((resolve) =>
          AbortSignal.timeout(ANNOUNCE_WAIT_MS).addEventListener('abort', () => resolve(undefined)),
        );
        return Promise.race([esplora.chainId().catch(() => undefined), timeout]);
      },
      balances: (chainId, address, tokenIcon) => bitcoinBalances(ctx, chainId, address, tokenIcon),
      history: (chainId, address, cursor, tokenIcon) => bitcoinHistory(ctx, chainId, address, cursor, tokenIcon),
      utxos: (chainId, address) => bitcoinUtxos(ctx, chainId, address),
      fees: (chainId) => bitcoinFees(ctx, chainId),
    };
  },
  siwx: bip122Siwx,
};
