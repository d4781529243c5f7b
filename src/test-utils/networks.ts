import { networks, type Network } from '../wire/networks.js';

/** A Solana network object for tests of multi-namespace rules (no Solana preset exists yet). */
export const solanaMainnet: Network = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['https://api.mainnet-beta.solana.com'] } },
};

/**
 * An RPC address no request reaches, whatever runs on this machine: port 9 (discard) is on the
 * Fetch standard's list of bad ports, so Chromium and Node's fetch refuse it before dialing.
 * Tests that need "the node is unreachable" use it, never a preset's fixed port (8545, 8546,
 * 8899), which `npm start` (or any other program) may have taken.
 */
export const CLOSED_RPC = 'http://127.0.0.1:9';

/** `network` with its RPC (and websocket) on CLOSED_RPC: a preset that works offline in tests, on any machine. */
export function offline(network: Network): Network {
  return { ...network, rpcUrls: { default: { http: [CLOSED_RPC] } } };
}

/** The local presets (Localhost, Localhost 2, Solana Local) as tests use them: same ids and names, unreachable RPC. */
export const offlineLocal = {
  localhost: offline(networks.localhost),
  localhost2: offline(networks.localhost2),
  solanaLocal: offline(networks.solanaLocal),
};
