/**
 * Bitcoin networks and their names elsewhere: the Wallet Standard chain of each preset
 * (`bitcoin:mainnet`, `bitcoin:testnet`, `bitcoin:signet`, `bitcoin:regtest`) and the address
 * network its addresses carry. A network that is no preset (a custom genesis) has neither: its
 * wallet and addresses are taken as they come.
 */
import { networks, type Network } from '../../wire/networks.js';
import type { AddressNet } from './address.js';

const BY_CAIP = new Map<string, { chain: string; net: AddressNet }>([
  [networks.bitcoin.caipNetworkId, { chain: 'bitcoin:mainnet', net: 'main' }],
  [networks.bitcoinTestnet.caipNetworkId, { chain: 'bitcoin:testnet', net: 'test' }],
  [networks.bitcoinSignet.caipNetworkId, { chain: 'bitcoin:signet', net: 'test' }],
  [networks.bitcoinRegtest.caipNetworkId, { chain: 'bitcoin:regtest', net: 'regtest' }],
]);

/** The Wallet Standard chain of a network (undefined for a network that is no preset). */
export const standardChain = (network: Network | undefined): string | undefined =>
  network ? BY_CAIP.get(network.caipNetworkId)?.chain : undefined;

/** The address network of a network (undefined: any). */
export const addressNet = (network: Network | undefined): AddressNet | undefined =>
  network ? BY_CAIP.get(network.caipNetworkId)?.net : undefined;
