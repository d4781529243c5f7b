import { createW3Modal, networks, type Network, type W3ModalInstance } from 'w3kit';

declare global {
  interface Window {
    __W3_CONSUMER__?: { rpcUrl: string };
  }
}

/** Creates the modal once the template's <w3-modal> is in the page (createW3Modal binds to it). */
export function startModal(): W3ModalInstance {
  const rpcUrl = window.__W3_CONSUMER__?.rpcUrl ?? 'http://127.0.0.1:8545';
  const localChain: Network = { ...networks.localhost, rpcUrls: { default: { http: [rpcUrl] } } };
  const modal = createW3Modal({
    networks: [localChain],
    metadata: { name: 'Vue consumer', description: 'w3kit in Vue 3', url: window.location.origin, icons: [] },
  });
  Object.assign(window, { modal });
  return modal;
}
