/**
 * The modal and wagmi sharing one connection, as the w3kit/wagmi guide writes it. The test run
 * injects `window.__W3_CONSUMER__` (the Hardhat node's URL, the test ERC-20's address, and the
 * backend that gives the modal its Activity); without it the app points at a local
 * `npx hardhat node`.
 */
import { createW3Modal, networks, type Network } from 'w3kit';
import { W3WagmiAdapter } from 'w3kit/wagmi';

interface ConsumerEnv {
  rpcUrl: string;
  /** A second node (31338), for useSwitchChain. */
  rpcUrlB?: string;
  token: `0x${string}`;
  blockchainApiUrl?: string;
  projectId?: string;
}

declare global {
  interface Window {
    __W3_CONSUMER__?: ConsumerEnv;
  }
}

export const env: ConsumerEnv = window.__W3_CONSUMER__ ?? {
  rpcUrl: 'http://127.0.0.1:8545',
  token: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};

export const localChain: Network = { ...networks.localhost, rpcUrls: { default: { http: [env.rpcUrl] } } };

export const chainB: Network = {
  ...networks.localhost,
  id: 31338,
  caipNetworkId: 'eip155:31338',
  name: 'Chain B',
  rpcUrls: { default: { http: [env.rpcUrlB ?? 'http://127.0.0.1:8546'] } },
};

const appNetworks = [localChain, chainB];

export const wagmiAdapter = new W3WagmiAdapter({ networks: appNetworks });

export const modal = createW3Modal({
  networks: appNetworks,
  adapters: [wagmiAdapter],
  ...(env.blockchainApiUrl ? { blockchainApiUrl: env.blockchainApiUrl, projectId: env.projectId ?? 'w3kit-dev' } : {}),
  metadata: { name: 'Consumer app', description: 'w3kit with wagmi', url: window.location.origin, icons: [] },
});

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiAdapter.wagmiConfig;
  }
}
