/**
 * Shared by the server and the browser: the wagmi adapter with server rendering on and its state in
 * a cookie, so the server knows the connection before hydration (the w3kit/wagmi Next.js recipe).
 * The test run injects `window.__W3_CONSUMER__.rpcUrl` (its Hardhat node); the server reads
 * W3KIT_RPC_URL. No window or document is read at import time: the server imports this file too.
 */
import { networks, type Network } from 'w3kit';
import { W3WagmiAdapter, cookieStorage, createStorage } from 'w3kit/wagmi';

declare global {
  interface Window {
    __W3_CONSUMER__?: { rpcUrl: string; token: `0x${string}` };
  }
}

const onServer = typeof window === 'undefined';

export function localChain(): Network {
  const rpcUrl = (onServer ? process.env.W3KIT_RPC_URL : window.__W3_CONSUMER__?.rpcUrl) ?? 'http://127.0.0.1:8545';
  return { ...networks.localhost, rpcUrls: { default: { http: [rpcUrl] } } };
}

const makeAdapter = () => new W3WagmiAdapter({ networks: [localChain()], ssr: true, storage: createStorage({ storage: cookieStorage }) });

let browserAdapter: W3WagmiAdapter | undefined;

/**
 * One adapter per page in the browser; a new one per request on the server. wagmi's provider
 * writes the request's cookie state into its config, so a config shared by every request of
 * the server process would show one visitor's account to the next.
 */
export function getWagmiAdapter(): W3WagmiAdapter {
  if (onServer) return makeAdapter();
  return (browserAdapter ??= makeAdapter());
}

declare module 'wagmi' {
  interface Register {
    config: W3WagmiAdapter['wagmiConfig'];
  }
}
