/**
 * Shared by the server and the browser: the wagmi adapter with server rendering on and its state in
 * a cookie, so the server knows the connection before hydration (the w3kit/wagmi Next.js recipe).
 * The test run injects `window.__W3_CONSUMER__.rpcUrl` (its Hardhat node); the server reads
 * W3KIT_RPC_URL. No window or document is read here: the server imports this file too.
 */
import { networks, type Network } from 'w3kit';
import { W3WagmiAdapter, cookieStorage, createStorage } from 'w3kit/wagmi';

declare global {
  interface Window {
    __W3_CONSUMER__?: { rpcUrl: string; token: `0x${string}` };
  }
}

const rpcUrl = (typeof window === 'undefined' ? process.env.W3KIT_RPC_URL : window.__W3_CONSUMER__?.rpcUrl) ?? 'http://127.0.0.1:8545';

export const localChain: Network = { ...networks.localhost, rpcUrls: { default: { http: [rpcUrl] } } };

export const wagmiAdapter = new W3WagmiAdapter({
  networks: [localChain],
  ssr: true,
  storage: createStorage({ storage: cookieStorage }),
});

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiAdapter.wagmiConfig;
  }
}
