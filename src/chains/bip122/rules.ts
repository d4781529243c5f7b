/** Bitcoin's rules and labels for the registry (lazy: loaded when a bip122 network is configured; the full address parser is in ./address.ts). */
import { msg } from '@lit/localize/init/install.js';
import type { ChainRules } from '../types.js';

/**
 * The shape of a Bitcoin address: bech32 (bc1, tb1, bcrt1; lower case, or upper case read as
 * lower) or base58 (1, 3, m, n, 2); the adapter (./address.ts) checks the checksum.
 */
const SHAPE = /^((bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|[123mn][1-9A-HJ-NP-Za-km-z]{25,34})$/;

export const bip122Rules: ChainRules = {
  heading: () => msg('Bitcoin networks'),
  addressPlaceholder: () => msg('Bitcoin address', { id: 'send-to-placeholder-bitcoin' }),
  isAddress: (value) => SHAPE.test(value === value.toUpperCase() ? value.toLowerCase() : value),
  maxAmount: 21_000_000n * 100_000_000n, // every sat there will ever be
  accountType: 'payment',
  feeSpeeds: true,
  // The Activity tab: the Blockchain API's history, or the network's Esplora without one (./activity.ts).
  features: { activity: true },
};
