/** The pages the bench loads, each written into a temp folder served beside the CDN build. */

/** w3kit by the CDN script, configured by attributes. */
export const W3KIT_PAGE = `<!doctype html>
<script type="module" src="/cdn/w3kit.js"></script>
<w3-modal networks="eip155:31337,eip155:1"></w3-modal>
<w3-button></w3-button>
`;

/** The floor: one minimal Lit element (a button opening a dialog with five rows), built like the CDN. */
export const FLOOR_PAGE = `<!doctype html>
<script type="module" src="/floor/bench-floor.js"></script>
<bench-floor></bench-floor>
`;

/** Same steps on a page without w3kit: what Chromium and Playwright's injected script hold by themselves. */
export const EMPTY_PAGE = `<!doctype html>
<button>Connect Wallet</button>
`;

/** The connect page: createW3Modal with the local chain; the test wallet is injected before it loads. */
export const connectPage = (rpcUrl) => `<!doctype html>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  createW3Modal({ networks: [{ ...networks.localhost, rpcUrls: { default: { http: [${JSON.stringify(rpcUrl)}] } } }] });
</script>
<w3-button></w3-button>
`;

/** The Solana connect page: createW3Modal with the local SVM (solanaLocal at `rpcUrl`/`wsUrl`); the Solana test wallet is injected before it loads. */
export const solanaConnectPage = (rpcUrl, wsUrl) => `<!doctype html>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  const rpcUrls = { default: { http: [${JSON.stringify(rpcUrl)}], webSocket: [${JSON.stringify(wsUrl)}] } };
  createW3Modal({ networks: [{ ...networks.solanaLocal, rpcUrls }] });
</script>
<w3-button></w3-button>
`;

/** The registry page: createW3Modal with the local backend (seeded with 1,000 wallets) and its relay. */
export const registryPage = (apiUrl, relayUrl) => `<!doctype html>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  createW3Modal({ networks: [networks.localhost], apiUrl: ${JSON.stringify(apiUrl)}, relayUrl: ${JSON.stringify(relayUrl)}, projectId: 'w3kit-dev' });
</script>
<w3-button></w3-button>
`;

/** The embedded wallet page: createW3Modal with the local chain, e-mail and Google login through the backend's frame site at `frameUrl`. */
export const embeddedPage = (rpcUrl, frameUrl) => `<!doctype html>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  createW3Modal({
    networks: [{ ...networks.localhost, rpcUrls: { default: { http: [${JSON.stringify(rpcUrl)}] } } }],
    projectId: 'w3kit-dev',
    secureSiteUrl: ${JSON.stringify(frameUrl)},
    features: { email: true, socials: ['google'] },
  });
</script>
<w3-button></w3-button>
`;

/** The swap page: createW3Modal with the local chain (demo tokens and the local DEX) and the backend serving the swap routes over it. */
export const swapPage = (rpcUrl, apiUrl) => `<!doctype html>
<script type="module">
  import { createW3Modal, networks } from '/cdn/w3kit.js';
  createW3Modal({
    networks: [{ ...networks.localhost, rpcUrls: { default: { http: [${JSON.stringify(rpcUrl)}] } } }],
    blockchainApiUrl: ${JSON.stringify(apiUrl)},
    projectId: 'w3kit-dev',
    features: { swaps: true },
  });
</script>
<w3-button></w3-button>
`;
