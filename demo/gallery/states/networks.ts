/** Networks: the dApp's networks to a connected account, few, many and long-named. */
import { networks, type Network } from '../../../src/wire/networks.js';
import { LOCALHOST, withMark } from '../fixtures/networks.js';
import type { GalleryState } from './types.js';

const MANY: Network[] = [
  LOCALHOST,
  ...[
    networks.localhost2,
    networks.mainnet,
    networks.sepolia,
    networks.polygon,
    networks.arbitrum,
    networks.optimism,
    networks.base,
    networks.bsc,
    networks.avalanche,
  ].map(withMark),
];

const longNamed: Network = {
  ...networks.localhost2,
  name: 'Localhost Development Chain With An Exceptionally Long Descriptive Name',
};

export const NETWORKS_STATES: GalleryState[] = [
  { view: 'Networks', state: 'full', connected: true },
  { view: 'Networks', state: 'many', connected: true, options: { networks: MANY } },
  {
    view: 'Networks',
    state: 'long-texts',
    connected: true,
    options: { networks: [LOCALHOST, withMark(longNamed), withMark(networks.mainnet)] },
  },
  { view: 'Networks', state: 'disconnected' },
];
